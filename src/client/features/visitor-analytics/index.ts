/** Visitor analytics (spec back-office §1): what the dashboard's Visitor Analytics card shows. */
export { TodayFigures } from './components/today-figures.tsx';

/** The panel and its chart load when the panel is first opened: never import them statically. */
export const loadVisitorAnalyticsPanel = () => import('./components/visitor-analytics-panel.tsx');
