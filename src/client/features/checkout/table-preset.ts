/**
 * The table a checkout is for (spec back-office §2 "Table ordering page": checkout goes to
 * /checkout and stores presetTableNumber). Set by the table page in this tab's sessionStorage;
 * a checkout without it is an ordinary pickup order.
 */
const STORAGE_KEY = 'presetTableNumber';

export function loadPresetTable(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY) || null;
  } catch {
    // Storage can be off (private mode): then there is no table, and the order is a pickup.
    return null;
  }
}

export function savePresetTable(tableNumber: string) {
  try {
    sessionStorage.setItem(STORAGE_KEY, tableNumber);
  } catch {
    // See loadPresetTable.
  }
}

export function clearPresetTable() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // See loadPresetTable.
  }
}
