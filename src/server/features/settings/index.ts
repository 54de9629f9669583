/** The settings feature's public entry: what other features may import (docs/architecture.md "Module boundaries"). */
export { getSetting, getSettings, publicAddress } from './settings.service.ts';
