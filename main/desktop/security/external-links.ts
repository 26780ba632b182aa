/** True for the only links the app hands to the system browser: absolute http(s) URLs. */
export function isSafeExternalUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
