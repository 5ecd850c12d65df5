"""The bundled apps' pages (`/apps/{slug}/`), driven as a person would, next to
the notification center."""

import datetime

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BrowserPage

SHOPPING = "app.herald.shopping-list"
TODO = "app.herald.todo"
NAG_ME = "app.herald.nag-me"
NAMES = {SHOPPING: "Shopping List", TODO: "Todo", NAG_ME: "Nag Me"}
SLUGS = {SHOPPING: "shopping-list", TODO: "todo", NAG_ME: "nag-me"}


def allow_bundled_apps(center):
    """The three apps ask as the daemon starts; the person allows each prompt in turn."""
    def authorized(app):
        return center.daemon.request("GET", f"/v1/apps/{app}/preferences")["authorizationStatus"] == "authorized"

    for _ in NAMES:
        dialog = center.visible("#auth-dialog[open] #auth-allow")
        app = center.find("#auth-dialog").get_attribute("data-app")
        assert center.find("#auth-title").text == f"“{NAMES[app]}” Would Like to Send You Notifications"
        dialog.click()
        center.wait().until(lambda d: authorized(app))
        center.wait().until(lambda d: center.find("#auth-dialog").get_attribute("open") is None
                            or center.find("#auth-dialog").get_attribute("data-app") != app)
    center.wait().until(lambda d: center.find("#auth-dialog").get_attribute("open") is None)
    assert all(authorized(app) for app in NAMES)


def virtual_now(daemon):
    """The daemon's clock (virtual in these tests)."""
    return parse_date(daemon.request("GET", "/v1/clock")["now"])


def parse_date(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def advance_to(daemon, moment):
    """Moves the virtual clock to `moment` (a datetime), or just past it."""
    seconds = (moment - virtual_now(daemon)).total_seconds()
    assert seconds > 0, f"{moment} has passed"
    daemon.advance(int(seconds) + 1)


def pending(daemon, app):
    return daemon.request("GET", f"/v1/apps/{app}/requests")["requests"]


def delivered(daemon, app):
    return daemon.request("GET", f"/v1/apps/{app}/delivered")["deliveries"]


class AppPage(BrowserPage):
    """One bundled app's page in the browser's current tab."""

    def __init__(self, center, app):
        self.center = center
        self.daemon = center.daemon
        self.driver = center.driver
        self.app = app
        self.slug = SLUGS[app]
        self.url = f"{self.daemon.url}/apps/{self.slug}/"

    # Finding and waiting

    def texts(self, selector):
        """The text of each element `selector` finds, read at once (the lists are redrawn as they change)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent)", selector)

    def click(self, selector):
        """Clicks what `selector` finds, again if the page redrew it meanwhile."""
        def clicked(driver):
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return True
        WebDriverWait(self.driver, 10, ignored_exceptions=[StaleElementReferenceException]).until(clicked)

    def style(self, selector, property_name):
        """A computed style of what `selector` finds."""
        return self.driver.execute_script(
            "return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1])",
            selector, property_name)

    # Opening and leaving

    def open_from_center(self):
        """Clicks "Open <name>" in the app's section of the notification center."""
        link = self.center.visible(f'{self.center.section(self.app)} .app-page-link')
        assert link.text == f"Open {NAMES[self.app]}"
        link.click()
        self.wait_foreground()

    def open(self):
        self.driver.get(self.url)
        self.wait_foreground()

    def wait_foreground(self):
        """Waits until the page is connected and the daemon says the app is in the foreground."""
        self.wait().until(lambda d: d.current_url == self.url)
        self.wait().until(EC.presence_of_element_located((By.CSS_SELECTOR, 'body[data-connection="foreground"]')))
        assert self.status()["foreground"] is True

    def status(self):
        return self.daemon.request("GET", f"/apps/{self.slug}/status")

    def wait_background(self):
        """Waits until no page of the app is connected and the app is in the background."""
        self.wait().until(lambda d: self.status() == {"openPages": 0, "foreground": False})

    def go_to_center(self):
        """Follows the page's "Notification center" link; the app goes to the background."""
        self.find("header a.home").click()
        self.center.wait_live()
        self.wait_background()

    # Typing

    def type_into(self, selector, text, submit=True):
        field = self.find(selector)
        field.clear()
        field.send_keys(text)
        if submit:
            field.send_keys(Keys.ENTER)

    def pick_date(self, selector, moment):
        """Sets a datetime-local picker to `moment` (to the minute, in the browser's zone)."""
        self.driver.execute_script(
            """const field = document.querySelector(arguments[0]);
               const date = new Date(arguments[1]);
               const pad = (n) => String(n).padStart(2, '0');
               field.value = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
                 + `T${pad(date.getHours())}:${pad(date.getMinutes())}`;
               field.dispatchEvent(new Event('input', {bubbles: true}));
               field.dispatchEvent(new Event('change', {bubbles: true}));""",
            selector, moment.isoformat())

    def notices(self):
        return [tuple(pair) for pair in self.driver.execute_script(
            "return [...document.querySelectorAll('#notices .notice')].map((n) =>"
            " [n.querySelector('.notice-title').textContent, n.querySelector('.notice-body').textContent])")]

    def error(self):
        error = self.find("#error")
        return None if error.get_attribute("hidden") is not None else error.text

    def is_focused(self, selector):
        return self.driver.execute_script("return document.activeElement === document.querySelector(arguments[0])",
                                          selector)

    def screenshot(self, name):
        """Saves the page, without the focus ring of the field last typed into."""
        self.driver.execute_script("document.activeElement.blur()")
        super().screenshot(name)

    def scrolls_sideways(self):
        width = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        return width[0] > width[1]


class ShoppingListPage(AppPage):
    def __init__(self, center):
        super().__init__(center, SHOPPING)

    def items(self):
        return self.texts("#items li .item-name")

    def add_item(self, name):
        count = len(self.items())
        self.type_into("#new-item", name)
        self.wait().until(lambda d: len(self.items()) == count + 1)
        assert self.items()[-1] == name

    def schedule_reminder(self, moment=None):
        """Schedules the reminder at `moment`, or at the picker's proposal; returns the reminder's date."""
        if moment is not None:
            self.pick_date("#reminder-time", moment)
        before = self.find("#reminder-status").get_attribute("data-reminder")
        self.find("#schedule").click()
        self.wait().until(lambda d: self.find("#reminder-status").get_attribute("data-reminder") not in ("", before))
        return parse_date(self.find("#reminder-status").get_attribute("data-reminder"))


class TodoPage(AppPage):
    def __init__(self, center):
        super().__init__(center, TODO)

    def count(self):
        return len(self.find_all("#items li"))

    def titles(self):
        return self.texts("#items li .title")

    def add(self, title, deadline):
        count = self.count()
        self.pick_date("#new-deadline", deadline)
        self.type_into("#new-title", title)
        self.wait().until(lambda d: self.count() == count + 1)

    def row(self, title):
        """The selector of the item titled `title`."""
        uuid = self.driver.execute_script(
            "return [...document.querySelectorAll('#items li')]"
            ".find((row) => row.querySelector('.title').textContent === arguments[0])?.dataset.uuid", title)
        assert uuid, f"no item {title}"
        return f'#items li[data-uuid="{uuid}"]'


class NagMePage(AppPage):
    def __init__(self, center):
        super().__init__(center, NAG_ME)

    def task(self, title):
        return f'#tasks li[data-title="{title}"]'

    def add_task(self, title):
        self.type_into("#new-task", title)
        self.visible(self.task(title))

    def bell_is_on(self, title):
        return self.driver.execute_script(
            "return document.querySelector(arguments[0])?.getAttribute('aria-pressed')",
            self.task(title) + " button.bell") == "true"

    def is_nagging(self, title):
        return "nagging" in self.driver.execute_script(
            "return document.querySelector(arguments[0]).className", self.task(title))


def hover(driver, element):
    """Points at an element, as a person about to click it (a banner stays while pointed at)."""
    ActionChains(driver).move_to_element(element).perform()
