"""`herald serve` with a real notification server: GNOME's notification-daemon
(Debian's `notification-daemon`, GTK) on an Xvfb display. The Shopping List
reminder shows with its buttons (a screenshot, which the README shows), and
"Delete list" is clicked for real with xdotool: the list is emptied without
the app open. Run by scripts/desktop-tests, which installs what it needs."""

import os
import pathlib
import shutil
import subprocess
import time

import pytest

from conftest import ROOT, wait
from test_desktop import in_a_minute

SERVER = "/usr/lib/notification-daemon/notification-daemon"
SCREENSHOTS = pathlib.Path(os.environ.get("HERALD_SCREENSHOTS", ROOT / ".build" / "screenshots"))


def free_display():
    number = 90
    while pathlib.Path(f"/tmp/.X11-unix/X{number}").exists() or pathlib.Path(f"/tmp/.X{number}-lock").exists():
        number += 1
    return number


@pytest.fixture
def screen():
    number = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1024x640x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait("Xvfb", pathlib.Path(f"/tmp/.X11-unix/X{number}").exists)
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait()


def bubble(display):
    """The notification's window: x, y, width, height."""
    def find():
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "notification-daemon"],
                               capture_output=True, text=True, env={"DISPLAY": display}).stdout.split()
        return found[-1] if found else None
    window = wait("the notification's window", find)
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True,
                              env={"DISPLAY": display}).stdout
    values = dict(line.split("=") for line in geometry.split())
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def test_the_shopping_list_reminder_on_a_real_notification_server(desktop_factory, screen):
    desktop = desktop_factory(capabilities=None, environment={"DISPLAY": screen})
    desktop.start([SERVER])
    wait("notification-daemon on the bus", lambda: desktop.session.name_has_owner("org.freedesktop.Notifications"))
    desktop.serve()
    desktop.app("shopping-list", "addItem", {"name": "Milk"})
    desktop.app("shopping-list", "addItem", {"name": "Eggs"})
    desktop.app("shopping-list", "scheduleReminder", {"date": in_a_minute(desktop)})
    desktop.advance(180)
    x, y, width, height = bubble(screen)
    time.sleep(0.5)  # the bubble has drawn itself
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / "desktop-shopping-list.png"
    subprocess.run(["import", "-window", "root", "-crop", f"{width + 40}x{height + 40}+{x - 20}+{max(0, y - 20)}",
                    str(shot)], check=True, env={"DISPLAY": screen})
    assert shot.stat().st_size > 0
    # The buttons sit at the bubble's bottom right, "Delete list" first: notification-daemon
    # lays them out from the right edge, 160 px and 85 px in, 37 px up (DejaVu at 1024×640).
    subprocess.run(["xdotool", "mousemove", str(x + width - 160), str(y + height - 37), "click", "1"],
                   check=True, env={"DISPLAY": screen})
    wait("Delete list to empty the list", lambda: desktop.app("shopping-list", "state")["items"] == [])
    assert desktop.opened_urls() == [], "Delete list is a background action: the app stays closed"
