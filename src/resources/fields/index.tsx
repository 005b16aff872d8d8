/**
 * Field display by type: the display table (`../fieldTypes/display.tsx`) behind `fieldFor`,
 * `cellRender` and `isSortable`. References render the object the projection embedded
 * (`record.country.gname`), never fetching.
 */
export { cellRender, fieldFor, formatValue, isDefaultColumn, isSortable } from '../fieldTypes/display';
