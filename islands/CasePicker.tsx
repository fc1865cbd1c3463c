import { island } from './runtime/island';
import { CasePicker } from './ui/case-picker';

/** A case picker on a page the server renders (islands/ui/case-picker.tsx): live once the page has loaded. */
export default island('CasePicker', CasePicker);
