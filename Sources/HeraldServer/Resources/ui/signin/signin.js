/*
 * The sign-in page: signing in goes back to the page that was asked for, and a
 * refused sign-in at /login says so.
 */

const form = document.getElementById('signin-form');
const next = form.elements.namedItem('next');
const { pathname, search } = window.location;
if (pathname === '/login') {
  document.getElementById('refused').hidden = false;
  next.value = new URLSearchParams(search).get('next') || '/';
} else {
  next.value = pathname + search;
}
