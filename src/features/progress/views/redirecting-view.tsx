/** Redirect-only routes answer on the server; this renders only if a redirect is ever skipped. */
export default function RedirectingView() {
  return null;
}
