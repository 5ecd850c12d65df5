/*
 * What a delivery offers, as the daemon decided it (NotificationRules on the
 * server): pure functions, no DOM, that read the delivery's fields.
 */

export const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
export const DISMISS_ACTION = 'com.apple.UNNotificationDismissActionIdentifier';

/**
 * What a listed delivery offers: the actions of the category it was made with,
 * and the daemon's answers to the rules (its banner's actions, whether a
 * dismissal reaches the app), never derived again here.
 */
export function deliveryInfo(delivery) {
  return {
    delivery,
    actions: delivery.category?.actions ?? [],
    bannerActions: delivery.bannerActions ?? [],
    reportsDismissal: delivery.reportsDismissal ?? false,
  };
}

/** Whether answering `delivery` with `action` opens the app, as the daemon says (`answersOpeningApp`). */
export function opensApp(delivery, action) {
  return (delivery.answersOpeningApp ?? []).includes(action);
}
