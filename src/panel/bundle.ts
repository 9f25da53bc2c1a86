import { pageScript } from '../widget/bundle';

/** The panel's page script (client/main.ts here), bundled and served like the widget's. */
export const panelScript = pageScript(__dirname);
