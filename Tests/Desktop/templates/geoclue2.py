'''A python-dbusmock template for GeoClue2 (org.freedesktop.GeoClue2 on the system bus), as
geoclue 2.6 shapes it: the manager's GetClient, one client with DesktopId,
DistanceThreshold, TimeThreshold, RequestedAccuracyLevel, Active and Location, its Start and
Stop and its LocationUpdated signal, and location objects with Latitude, Longitude and
Accuracy.

Mock-only, on the manager (org.freedesktop.DBus.Mock): ChangeLocation(d latitude,
d longitude, d accuracy) makes a new location object, makes it the client's Location and,
while the client runs, emits LocationUpdated(old, new) from it, as GeoClue does when the
machine moves. GeoClue gives each peer a client of its own; this mock has one client,
which every GetClient gets. RegisterAgent() is an agent registering late, as the desktop's
does after login: GetClient answers from then on, and the calls left waiting are answered.

Parameters: "refuse" (a string): GetClient and Start fail with
org.freedesktop.DBus.Error.AccessDenied and this message, as GeoClue answers an app it
does not allow. "agent" (a boolean, true by default): false makes GetClient never answer,
as GeoClue 2.6 does while no agent (the desktop's, which asks the person) is registered.'''

import dbus

from dbusmock import MOCK_IFACE, get_object

BUS_NAME = 'org.freedesktop.GeoClue2'
MAIN_OBJ = '/org/freedesktop/GeoClue2/Manager'
MAIN_IFACE = 'org.freedesktop.GeoClue2.Manager'
SYSTEM_BUS = True

CLIENT_IFACE = 'org.freedesktop.GeoClue2.Client'
LOCATION_IFACE = 'org.freedesktop.GeoClue2.Location'
CLIENT_PATH = '/org/freedesktop/GeoClue2/Client/1'


def load(mock, parameters):
    mock.geoclue_refusal = str(parameters.get('refuse', ''))
    mock.geoclue_agent = bool(parameters.get('agent', True))
    mock.geoclue_unanswered = []
    mock.geoclue_locations = 0
    mock.geoclue_client = None
    mock.AddProperties(MAIN_IFACE, dbus.Dictionary({
        'InUse': dbus.Boolean(False),
        'AvailableAccuracyLevel': dbus.UInt32(8),
    }, signature='sv'))
    mock.AddMethod(MAIN_IFACE, 'CreateClient', '', 'o', get_client)


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='o', async_callbacks=('reply', 'error'))
def GetClient(self, reply, error):
    '''The caller's client; without an agent, no answer ever (the caller's timeout ends the call).'''
    if not self.geoclue_agent:
        self.geoclue_unanswered.append((reply, error))
        return
    try:
        reply(get_client(self))
    except dbus.exceptions.DBusException as refusal:
        error(refusal)


def refuse_if_asked(manager):
    if manager.geoclue_refusal:
        raise dbus.exceptions.DBusException(manager.geoclue_refusal, name='org.freedesktop.DBus.Error.AccessDenied')


def get_client(manager):
    refuse_if_asked(manager)
    if manager.geoclue_client is None:
        manager.AddObject(CLIENT_PATH, CLIENT_IFACE, dbus.Dictionary({
            'Location': dbus.ObjectPath('/'),
            'DistanceThreshold': dbus.UInt32(0),
            'TimeThreshold': dbus.UInt32(0),
            'DesktopId': '',
            'RequestedAccuracyLevel': dbus.UInt32(0),
            'Active': dbus.Boolean(False),
        }, signature='sv'), [])
        client = get_object(CLIENT_PATH)
        client.AddMethod(CLIENT_IFACE, 'Start', '', '', lambda self: start(manager, self))
        client.AddMethod(CLIENT_IFACE, 'Stop', '', '', lambda self: self.Set(CLIENT_IFACE, 'Active', dbus.Boolean(False)))
        manager.geoclue_client = CLIENT_PATH
    return dbus.ObjectPath(CLIENT_PATH)


def start(manager, client):
    refuse_if_asked(manager)
    if not client.Get(CLIENT_IFACE, 'DesktopId'):
        raise dbus.exceptions.DBusException('DesktopId is not set', name='org.freedesktop.DBus.Error.AccessDenied')
    client.Set(CLIENT_IFACE, 'Active', dbus.Boolean(True))
    location = client.Get(CLIENT_IFACE, 'Location')
    if location != '/':
        client.EmitSignal(CLIENT_IFACE, 'LocationUpdated', 'oo', [dbus.ObjectPath('/'), location])


@dbus.service.method(MOCK_IFACE, in_signature='', out_signature='')
def RegisterAgent(self):
    '''An agent registers: GetClient answers from now on, the waiting calls too.'''
    self.geoclue_agent = True
    waiting, self.geoclue_unanswered = self.geoclue_unanswered, []
    for reply, error in waiting:
        try:
            reply(get_client(self))
        except dbus.exceptions.DBusException as refusal:
            error(refusal)


@dbus.service.method(MOCK_IFACE, in_signature='ddd', out_signature='o')
def ChangeLocation(self, latitude, longitude, accuracy):
    '''The machine is now at latitude, longitude (degrees), within accuracy metres: a new
    location object, the client's Location, and LocationUpdated while the client runs.'''
    self.geoclue_locations += 1
    path = f'/org/freedesktop/GeoClue2/Location/{self.geoclue_locations}'
    self.AddObject(path, LOCATION_IFACE, dbus.Dictionary({
        'Latitude': dbus.Double(latitude),
        'Longitude': dbus.Double(longitude),
        'Accuracy': dbus.Double(accuracy),
        'Altitude': dbus.Double(-1.7976931348623157e308),
        'Speed': dbus.Double(-1.0),
        'Heading': dbus.Double(-1.0),
        'Description': '',
        'Timestamp': dbus.Struct((dbus.UInt64(0), dbus.UInt64(0)), signature='tt'),
    }, signature='sv'), [])
    if self.geoclue_client is None:
        return dbus.ObjectPath(path)
    client = get_object(self.geoclue_client)
    old = client.Get(CLIENT_IFACE, 'Location')
    client.Set(CLIENT_IFACE, 'Location', dbus.ObjectPath(path))
    if client.Get(CLIENT_IFACE, 'Active'):
        client.EmitSignal(CLIENT_IFACE, 'LocationUpdated', 'oo', [old, dbus.ObjectPath(path)])
    return dbus.ObjectPath(path)
