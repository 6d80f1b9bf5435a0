// Browser privacy signals (Global Privacy Control, Do Not Track): either one switches svc off entirely.

interface PrivacyNavigator {
  globalPrivacyControl?: unknown;
  doNotTrack?: unknown;
}

export function privacySignal(nav: PrivacyNavigator = navigator, win = window as { doNotTrack?: unknown }): boolean {
  const gpc = nav.globalPrivacyControl;
  // Old Firefox reported "yes"; Safari and old Edge exposed window.doNotTrack.
  return (
    gpc === true ||
    gpc === "1" ||
    [nav.doNotTrack, win.doNotTrack].some((v) => v === "1" || v === "yes")
  );
}
