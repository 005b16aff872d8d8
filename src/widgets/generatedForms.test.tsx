/**
 * The generated-form suites of src/resources, re-run with the widgets installed: the brief's rule
 * that `registerWidgets()` keeps every generated form working. Import order matters.
 */
import './withWidgets';
import '../resources/card.test';
import '../resources/fields.test';
import '../resources/list.test';
import '../resources/percent.test';
import '../resources/wizard.test';
