/* Presentations: banners, alerts, the sound, and desktop (browser) notifications. */

import { buildCard, respond } from './cards.js';
import { closeDialog, openDialog } from './dom.js';
import {
  $, ALERTS_KEY, BANNER_MILLISECONDS, DEFAULT_ACTION, DESKTOP_KEY, MAX_BANNERS, appName, remember, state, writeSession,
} from './state.js';
import { announce, say } from './status.js';

export function present(presentation) {
  const { delivery } = presentation;
  if (state.shown.has(delivery.id)) return;
  remember(delivery.id);
  if (presentation.sound) beep();
  if (presentation.style === 'none') return;
  const content = delivery.request.content;
  announce(`${presentation.style === 'alert' ? 'Alert' : 'Notification'} from ${appName(delivery.app)}: ` +
    `${[content.title, content.body].filter(Boolean).join('. ')}`);
  showDesktopNotification(presentation);
  if (presentation.style === 'alert') {
    state.alerts.push(presentation);
    showAlerts();
  } else {
    showBanner(presentation);
  }
}

function showBanner(presentation) {
  const region = $('banners');
  const card = buildCard(presentation, 'banner');
  region.prepend(card);
  while (region.childElementCount > MAX_BANNERS) region.lastElementChild.remove();
  let timer = null;
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!card.classList.contains('held')) card.remove();
    }, BANNER_MILLISECONDS);
  };
  const hold = () => clearTimeout(timer);
  card.addEventListener('mouseenter', hold);
  card.addEventListener('focusin', hold);
  card.addEventListener('mouseleave', () => { if (!card.contains(document.activeElement)) start(); });
  card.addEventListener('focusout', (event) => { if (!card.contains(event.relatedTarget)) start(); });
  start();
}

/** Shows the first waiting alert in the alert dialog, or closes it. */
export function showAlerts() {
  const dialog = $('alert-dialog');
  writeSession(ALERTS_KEY, state.alerts);
  const current = state.alerts[0];
  if (!current) {
    if (dialog.open) closeDialog(dialog);
    return;
  }
  const more = state.alerts.length - 1;
  $('alert-queue').hidden = more === 0;
  $('alert-queue').textContent = more === 1 ? '1 more alert' : `${more} more alerts`;
  if (dialog.open && $('alert-card').firstElementChild?.dataset.delivery === current.delivery.id) return;
  $('alert-card').replaceChildren(buildCard(current, 'alert'));
  openDialog(dialog, dialog.querySelector('.action-button, .card-body'));
}

let audioContext = null;

/** A short two-tone chime made with WebAudio. */
function beep() {
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  try {
    audioContext = audioContext || new AudioContext();
    const start = audioContext.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.12, 1320]]) {
      const tone = audioContext.createOscillator();
      const gain = audioContext.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
      tone.connect(gain).connect(audioContext.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.22);
    }
  } catch { /* no audio output */ }
}

function showDesktopNotification(presentation) {
  if (!$('desktop-notifications').checked || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const content = presentation.delivery.request.content;
  const notification = new Notification(content.title || appName(presentation.delivery.app), {
    body: [content.subtitle, content.body].filter(Boolean).join('\n'),
    tag: presentation.delivery.id,
  });
  notification.onclick = () => { window.focus(); respond(presentation, DEFAULT_ACTION); };
}

export async function toggleDesktopNotifications(event) {
  const toggle = event.target;
  if (!toggle.checked) {
    localStorage.removeItem(DESKTOP_KEY);
    return;
  }
  if (!('Notification' in window)) {
    toggle.checked = false;
    say('This browser has no desktop notifications.', true);
    return;
  }
  const permission = await Notification.requestPermission();
  toggle.checked = permission === 'granted';
  if (toggle.checked) {
    localStorage.setItem(DESKTOP_KEY, '1');
    say('Desktop notifications are on.');
  } else {
    localStorage.removeItem(DESKTOP_KEY);
    say('The browser did not allow desktop notifications.', true);
  }
}
