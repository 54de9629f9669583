/**
 * White text on the primary button's ember-600 is 3.6:1, below WCAG AA for its 16-18 px
 * labels; these screens are read outdoors, so their solid buttons use the darker ember-700
 * (5.2:1). NOTE: belongs in components/ui/button.tsx's primary variant (owned elsewhere).
 */
export const SOLID_EMBER = 'bg-ember-700 hover:bg-ember-800';
