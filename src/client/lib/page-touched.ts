/**
 * Browsers refuse sound until someone has touched the page. When the page has not been touched
 * yet (a screen reloaded and left alone), a screen that sounds alerts says so at once instead of
 * after the first chime is lost. False where the browser cannot tell (no userActivation).
 */
export function pageNotTouchedYet(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation ? !activation.hasBeenActive : false;
}
