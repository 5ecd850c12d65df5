/*
 * What a delivery offers, decided from its category: pure functions, no DOM.
 * Each decision is one small function, so a rule the server comes to supply
 * replaces just that function.
 */

export const DEFAULT_ACTION = 'com.apple.UNNotificationDefaultActionIdentifier';
export const DISMISS_ACTION = 'com.apple.UNNotificationDismissActionIdentifier';

/** The category a delivery was made with, or undefined when the app has none by that identifier. */
export function categoryOf(delivery, categories) {
  return (categories ?? []).find((c) => c.identifier === delivery.request.content.categoryIdentifier);
}

/** The actions a banner shows: the category's minimal actions, else its first two. */
export function bannerActions(category) {
  if (!category) return [];
  return category.minimalActions ?? category.actions.slice(0, 2);
}

/** Whether closing the notification reaches the app (as a dismiss response) rather than just removing it. */
export function reportsDismissal(category) {
  return category ? category.options.includes('customDismissAction') : false;
}

/** What a listed delivery offers: {delivery, actions, bannerActions, reportsDismissal}. */
export function deliveryInfo(delivery, categories) {
  const category = categoryOf(delivery, categories);
  return {
    delivery,
    actions: category ? category.actions : [],
    bannerActions: bannerActions(category),
    reportsDismissal: reportsDismissal(category),
  };
}

/** Whether answering with `action` opens the app. */
export const opensApp = (action) => action.options.includes('foreground');
