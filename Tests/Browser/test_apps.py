"""The three bundled apps (Shopping List, Todo, Nag Me) used as a person would:
their pages under /apps/{slug}/ and their notifications in the notification center."""

import datetime

import pytest
from selenium.webdriver.common.by import By

from app_pages import (NAG_ME, SHOPPING, TODO, NagMePage, ShoppingListPage, TodoPage, advance_to,
                       allow_bundled_apps, delivered, hover, parse_date, pending, virtual_now)
from conftest import Center
from helpers import is_red

HOUR = datetime.timedelta(hours=1)


@pytest.fixture
def center(apps_daemon, desktop):
    """The notification center on a daemon with the bundled apps, each allowed."""
    center = Center(apps_daemon, desktop)
    allow_bundled_apps(center)
    return center


def test_delete_list_in_the_reminder_banner_empties_the_saved_list(center):
    page = ShoppingListPage(center)
    page.open_from_center()
    page.visible("#empty")
    for name in ("Milk", "Eggs", "Coffee beans", "Sourdough bread"):
        page.add_item(name)
    assert page.is_focused("#new-item")
    reminder = page.schedule_reminder(virtual_now(center.daemon) + HOUR)
    assert reminder.second == 0
    assert page.find("#reminder-status").text.startswith("Reminder set for ")
    assert not page.find("#cancel-reminder").get_attribute("disabled")
    assert [p["request"]["content"]["categoryIdentifier"] for p in pending(center.daemon, SHOPPING)] == [
        "shoppingListReminderCategory"]
    page.screenshot("shopping-list.png")

    # Away from the page, the app is in the background: its reminder is a banner.
    page.go_to_center()
    advance_to(center.daemon, reminder)
    banner = center.visible(f'#banners .banner[data-app="{SHOPPING}"]')
    hover(center.driver, banner)
    assert banner.find_element(By.CSS_SELECTOR, ".card-text").text == "Hey, you must go shopping, remember?"
    buttons = banner.find_elements(By.CSS_SELECTOR, ".action-button")
    assert [b.text for b in buttons] == ["Delete list", "Edit list"]
    assert is_red(buttons[0].value_of_css_property("color"))
    center.screenshot("shopping-banner.png")

    center.record_events()
    buttons[0].click()
    center.wait().until(lambda d: any(e["response"]["actionIdentifier"] == "trashAction"
                                      for e in center.events("responded")))
    center.wait().until(lambda d: center.find_all("#banners .banner") == [])
    # A background action: the center stays where it is.
    assert center.driver.current_url == center.daemon.url + "/"

    page.open_from_center()
    page.visible("#empty")
    assert page.items() == []
    assert page.find("#reminder-status").text == "No reminder set."
    page.driver.refresh()
    page.wait_foreground()
    page.visible("#empty")
    assert page.items() == []


def test_rescheduling_replaces_the_reminder_and_edit_list_focuses_the_add_field(center):
    page = ShoppingListPage(center)
    page.open_from_center()
    page.add_item("Milk")
    first = page.schedule_reminder(virtual_now(center.daemon) + HOUR)
    second = page.schedule_reminder(virtual_now(center.daemon) + 2 * HOUR)
    assert second - first >= 59 * datetime.timedelta(minutes=1)
    reminders = pending(center.daemon, SHOPPING)
    assert len(reminders) == 1
    assert parse_date(reminders[0]["nextFireDate"]) == second

    page.go_to_center()
    section = center.section(SHOPPING)
    center.wait().until(lambda d: len(center.find_all(f"{section} .pending-item")) == 1)
    advance_to(center.daemon, second)
    banner = center.visible(f'#banners .banner[data-app="{SHOPPING}"]')
    hover(center.driver, banner)
    # Only the second reminder fired: the first one was cancelled.
    assert len(delivered(center.daemon, SHOPPING)) == 1

    banner.find_element(By.CSS_SELECTOR, '[data-action="editList"]').click()
    page.wait_foreground()
    page.wait().until(lambda d: page.is_focused("#new-item"))
    center.driver.switch_to.active_element.send_keys("Butter\n")
    page.wait().until(lambda d: page.items() == ["Milk", "Butter"])
    assert page.find("#reminder-status").text == "No reminder set."


def test_leaving_a_page_sends_its_app_to_the_background_and_coming_back_brings_it_forward(center):
    page = ShoppingListPage(center)
    page.open_from_center()
    assert page.status() == {"openPages": 1, "foreground": True}
    page.go_to_center()

    # Back to the page (from the back-forward cache or loaded again): connected again.
    center.driver.back()
    page.wait_foreground()
    assert page.status() == {"openPages": 1, "foreground": True}
    page.add_item("Tea")

    # A reminder while the page is open is shown in the page, not as a banner.
    reminder = page.schedule_reminder(virtual_now(center.daemon) + HOUR)
    advance_to(center.daemon, reminder)
    page.wait().until(lambda d: page.notices() == [("Shopping List", "Hey, you must go shopping, remember?")])
    page.wait().until(lambda d: page.find("#reminder-status").text == "No reminder set.")
    page.click("#notices .notice-close")
    page.wait().until(lambda d: page.notices() == [])

    # A second tab of the same app keeps it in the foreground until both are gone.
    first = center.driver.current_window_handle
    center.driver.switch_to.new_window("tab")
    page.open()
    assert page.status() == {"openPages": 2, "foreground": True}
    center.driver.close()
    center.driver.switch_to.window(first)
    page.wait().until(lambda d: page.status() == {"openPages": 1, "foreground": True})
    page.go_to_center()


def test_todo_items_are_sorted_by_deadline_and_turn_red_when_overdue(center):
    page = TodoPage(center)
    page.open_from_center()
    page.visible("#empty")
    now = virtual_now(center.daemon)
    page.add("Pay rent", now + 3 * HOUR)
    page.add("Buy milk", now + HOUR)
    page.add("Call the plumber about the kitchen sink", now + 2 * HOUR)
    page.add("Renew passport", now + 26 * HOUR)
    assert page.titles() == ["Buy milk", "Call the plumber about the kitchen sink", "Pay rent", "Renew passport"]
    assert page.find_all("#items li.overdue") == []
    assert not is_red(page.style(page.row("Buy milk") + " .title", "color"))
    assert len(pending(center.daemon, TODO)) == 4

    # The first deadline passes while the page is open: the reminder shows in the
    # page and the list refreshes with the item overdue, in red.
    deadline = parse_date(page.find(page.row("Buy milk") + " .deadline").get_attribute("datetime"))
    advance_to(center.daemon, deadline)
    page.wait().until(lambda d: page.notices() == [("Todo", 'Todo Item "Buy milk" Is Overdue')])
    page.wait().until(lambda d: len(page.find_all("#items li.overdue")) == 1)
    overdue = page.row("Buy milk")
    assert page.find_all(f"{overdue}.overdue") != []
    assert is_red(page.style(f"{overdue} .title", "color"))
    assert is_red(page.style(f"{overdue} .deadline", "color"))
    assert page.texts(f"{overdue} .deadline")[0].startswith("Overdue: was due ")
    assert not is_red(page.style(page.row("Pay rent") + " .title", "color"))
    assert page.titles()[0] == "Buy milk"
    page.screenshot("todo.png")

    # Completing an item cancels its reminder.
    page.click(page.row("Pay rent") + " button.complete")
    page.wait().until(lambda d: "Pay rent" not in page.titles())
    assert sorted(p["request"]["content"]["body"] for p in pending(center.daemon, TODO)) == [
        'Todo Item "Call the plumber about the kitchen sink" Is Overdue', 'Todo Item "Renew passport" Is Overdue']


def test_todo_adding_is_disabled_at_64_items(center):
    page = TodoPage(center)
    page.open_from_center()
    start = virtual_now(center.daemon) + HOUR
    # 63 items through the page's own API (typing them all adds nothing to the test); the 64th by hand.
    page.driver.execute_async_script("""
        const [start, done] = [new Date(arguments[0]), arguments[arguments.length - 1]];
        (async () => {
          const { action } = await import('/ui/apps/app-page.js');
          for (let i = 1; i <= 63; i++) {
            await action('add', { title: 'Errand ' + i, deadline: new Date(start.getTime() + i * 60000).toISOString() });
          }
          done();
        })();
    """, start.isoformat())
    page.wait().until(lambda d: page.count() == 63)
    assert not page.find("#add").get_attribute("disabled")
    page.add("The last one", start + 2 * HOUR)
    page.wait().until(lambda d: page.find("#add").get_attribute("disabled") is not None)
    assert page.find("#limit-note").is_displayed()
    assert len(pending(center.daemon, TODO)) == 64

    page.driver.refresh()
    page.wait_foreground()
    page.wait().until(lambda d: page.count() == 64)
    assert page.find("#add").get_attribute("disabled") is not None
    page.click("#items li:first-child button.complete")
    page.wait().until(lambda d: page.find("#add").get_attribute("disabled") is None)
    assert not page.find("#limit-note").is_displayed()


def test_a_nag_repeats_in_the_open_page_until_cancel_is_pressed(center):
    center_tab = center.driver.current_window_handle
    center.driver.switch_to.new_window("tab")
    page = NagMePage(center)
    page.open()
    page.visible("#empty")
    page.add_task("Walk Dog")
    page.add_task("Water the plants")
    assert not page.bell_is_on("Walk Dog")
    page.click(page.task("Walk Dog") + " button.bell")
    page.wait().until(lambda d: page.bell_is_on("Walk Dog"))
    assert page.is_nagging("Walk Dog")
    [reminder] = pending(center.daemon, NAG_ME)
    assert reminder["request"]["trigger"] == {"type": "timeInterval", "interval": 60, "repeats": True}

    # With the page open, the delegate presents each reminder: it shows in the page, every minute.
    center.daemon.advance(60)
    page.wait().until(lambda d: page.notices() == [("Task Reminder", "Walk Dog!!")])
    center.daemon.advance(60)
    page.wait().until(lambda d: page.notices() == [("Task Reminder", "Walk Dog!!")] * 2)
    assert page.bell_is_on("Walk Dog")
    page.screenshot("nag-me.png")

    # The notification center lists it too, with its "Cancel" action, which opens the app.
    center.driver.switch_to.window(center_tab)
    section = center.section(NAG_ME)
    item = center.visible(f"{section} .delivered-item")
    assert item.find_element(By.CSS_SELECTOR, ".card-title").text == "Task Reminder"
    cancel = item.find_element(By.CSS_SELECTOR, '[data-action="cancel"]')
    assert cancel.text == "Cancel"
    cancel.click()
    page.wait_foreground()
    page.wait().until(lambda d: not page.bell_is_on("Walk Dog"))
    assert pending(center.daemon, NAG_ME) == []
    assert not page.is_nagging("Walk Dog")


def test_an_app_page_gets_live_notifications_again_after_its_connection_drops(center):
    page = NagMePage(center)
    page.open()
    page.add_task("Walk Dog")
    page.click(page.task("Walk Dog") + " button.bell")
    page.wait().until(lambda d: page.bell_is_on("Walk Dog"))

    # The page's socket drops (as when the network does); the shared event stream connects again.
    page.driver.execute_script("window.dropped = window.herald.events.socket; window.dropped.close()")
    page.wait().until(lambda d: d.execute_script(
        "return window.herald.events.socket !== window.dropped && document.body.dataset.connection === 'foreground'"))
    page.wait().until(lambda d: page.status() == {"openPages": 1, "foreground": True})

    # The reminder fires while the app is in the foreground again: it shows in the page.
    center.daemon.advance(60)
    page.wait().until(lambda d: page.notices() == [("Task Reminder", "Walk Dog!!")])
    assert page.error() is None


def test_shopping_list_fits_a_phone(apps_daemon, phone):
    center = Center(apps_daemon, phone)
    allow_bundled_apps(center)
    page = ShoppingListPage(center)
    page.open()
    page.add_item("Milk")
    page.add_item("A very long item name that goes on: organic free-range eggs, the big box of twelve")
    page.schedule_reminder(virtual_now(apps_daemon) + HOUR)
    assert not page.scrolls_sideways()
    for selector in ("#new-item", "#add-item", "#reminder-time", "#schedule", "#cancel-reminder",
                     "#items li button.delete"):
        rect = page.find(selector).rect
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= 375, f"{selector} leaves the screen: {rect}"
        assert rect["height"] >= 44, f"{selector} is too small to tap: {rect}"
