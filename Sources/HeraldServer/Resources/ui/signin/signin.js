/*
 * The sign-in page: signing in goes back to the page that was asked for, and a
 * refused sign-in at /login (a code in the address, or `refused` after the form)
 * says so.
 */

const form = document.getElementById('signin-form');
const next = form.elements.namedItem('next');
const { pathname, search } = window.location;
if (pathname === '/login') {
  const query = new URLSearchParams(search);
  document.getElementById('refused').hidden = !['code', 'token', 'refused'].some((name) => query.has(name));
  next.value = query.get('next') || '/';
} else {
  next.value = pathname + search;
}
