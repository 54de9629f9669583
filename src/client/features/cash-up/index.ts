/** The cash drawer: its opening form, which the POS asks for before the first sale. */
export { FloatField, useOpenDrawerForm } from './components/open-drawer-form.tsx';
