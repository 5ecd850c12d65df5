"""`herald serve --desktop on` in the desktop's Do Not Disturb, switched as KDE Plasma
switches it (the notification server's `Inhibited`) or as GNOME does (`show-banners`,
set by gsettings in another process): passive and active notifications reach Herald's
notification center without a banner (no Notify call), a time-sensitive one breaks
through with urgency 2 where its app allows it, a critical one always does. Run by
scripts/desktop-tests."""

import subprocess

import dbus

from conftest import MOCK, NOTIFICATIONS, wait

APP = "com.example.quiet"
GNOME_SCHEMA = "org.gnome.desktop.notifications"


def gnome_settings(desktop_factory, tmp_path, **options):
    """A desktop whose GNOME settings are a keyfile of the test's own (GLib's keyfile
    backend under a private XDG_CONFIG_HOME), for the daemon and for gsettings."""
    environment = {"GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    return desktop_factory(environment=environment, **options)


def set_show_banners(desktop, shown):
    subprocess.run(["gsettings", "set", GNOME_SCHEMA, "show-banners", "true" if shown else "false"],
                   env=desktop.environment, check=True, timeout=30)


def quiet_app(desktop):
    """An app allowed to notify, with its token."""
    token = desktop.request("POST", "/v1/apps", {"identifier": APP, "name": "Quiet"})["token"]
    desktop.request("POST", f"/v1/apps/{APP}/authorization", {"options": ["alert", "sound"]}, token=token)
    return token


def deliver(desktop, token, level):
    """A notification at `level`, titled so, delivered at once (no trigger)."""
    desktop.request("POST", f"/v1/apps/{APP}/requests",
                    {"identifier": level, "content": {"title": level, "body": "Buy milk", "interruptionLevel": level}}, token=token)


def notified_through(desktop, last):
    """The urgency of each Notify call by its summary, once the one of `last` came: the
    daemon sends its calls in order, so what was not sent by then never is."""
    calls = wait(f"the Notify call of {last}",
                 lambda: (lambda calls: any(call[3] == last for call in calls) and calls)(desktop.notify_calls()))
    return {call[3]: call[6]["urgency"] for call in calls}


def listed(desktop, token):
    delivered = desktop.request("GET", f"/v1/apps/{APP}/delivered", token=token)["deliveries"]
    return sorted(delivery["request"]["identifier"] for delivery in delivered)


def wait_for_log(desktop, text):
    wait(f"the daemon to log {text!r}", lambda: text in (desktop.directory / "daemon.log").read_text(), timeout=30)


def test_kde_do_not_disturb_quiets_passive_and_active_and_lets_time_sensitive_and_critical_through(
        desktop_factory, tmp_path):
    desktop = gnome_settings(desktop_factory, tmp_path)
    desktop.server.AddProperty(NOTIFICATIONS, "Inhibited", dbus.Boolean(False), interface=MOCK)
    desktop.serve()
    token = quiet_app(desktop)
    wait_for_log(desktop, "following the desktop's Do Not Disturb (gnome, kde): off")

    desktop.server.Set(NOTIFICATIONS, "Inhibited", dbus.Boolean(True), dbus_interface=dbus.PROPERTIES_IFACE)
    wait_for_log(desktop, "the desktop's Do Not Disturb is on (kde)")
    for level in ["passive", "active", "timeSensitive", "critical"]:
        deliver(desktop, token, level)
    assert notified_through(desktop, "critical") == {"timeSensitive": 2, "critical": 2}
    assert listed(desktop, token) == ["active", "critical", "passive", "timeSensitive"], \
        "all four are in Herald's notification center"

    # The person does not let this app's time-sensitive notifications through.
    desktop.request("PATCH", f"/v1/apps/{APP}/preferences", {"timeSensitiveEnabled": False})
    desktop.server.ClearCalls(interface=MOCK)
    for level in ["timeSensitive", "critical"]:
        deliver(desktop, token, level)
    assert notified_through(desktop, "critical") == {"critical": 2}

    desktop.server.Set(NOTIFICATIONS, "Inhibited", dbus.Boolean(False), dbus_interface=dbus.PROPERTIES_IFACE)
    wait_for_log(desktop, "the desktop's Do Not Disturb is off (kde)")
    desktop.server.ClearCalls(interface=MOCK)
    deliver(desktop, token, "active")
    assert notified_through(desktop, "active") == {"active": 1}


def test_gnome_do_not_disturb_quiets_an_active_notification_and_lets_a_critical_one_through(desktop_factory, tmp_path):
    desktop = gnome_settings(desktop_factory, tmp_path)
    desktop.serve()
    token = quiet_app(desktop)
    wait_for_log(desktop, "following the desktop's Do Not Disturb (gnome): off")

    set_show_banners(desktop, False)
    wait_for_log(desktop, "the desktop's Do Not Disturb is on (gnome)")
    for level in ["active", "critical"]:
        deliver(desktop, token, level)
    assert notified_through(desktop, "critical") == {"critical": 2}
    assert listed(desktop, token) == ["active", "critical"]
