/** Test-only: installs the widgets before the generated-form suites are imported (./generatedForms.test). */
import { registerWidgets } from './register';

registerWidgets();
