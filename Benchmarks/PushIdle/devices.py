"""P3's devices: holds one idle link (`POST /device/v1/link`, HTTP/2 over TLS, the
service's certificate not verified) per device credential given, each on a TCP
connection of its own, as `herald push connect` does; takes the CLOCK_MONOTONIC time at
which each device's first push arrives and acknowledges it, as a device does.

    python3 devices.py HOST PORT CREDENTIALS_FILE [SOURCE_PREFIX]

CREDENTIALS_FILE holds one `hdc_…` credential a line. With SOURCE_PREFIX (`127.0.3.`),
the devices connect from SOURCES addresses, PREFIX1 to PREFIX10, as devices behind a few
NAT addresses do: the service keeps at most 4,096 connections from one address. Prints `linked N` once every link
is answered 200 (or `failed N …` on the first that is not), then, once every device has
a push, or when stdin closes, one JSON line: {"received": [times], "failed": n}.
"""

import asyncio
import json
import os
import resource
import ssl
import sys
import time

import h2.config
import h2.connection
import h2.events
import h2.exceptions

OPENING_AT_ONCE = 200
SOURCES = 10


class Device:
    def __init__(self, credential, authority):
        self.credential = credential
        self.authority = authority
        self.connection = None
        self.writer = None
        self.answered = asyncio.get_running_loop().create_future()
        self.received = None
        self.pending = b""
        self.stream = None

    async def link(self, host, port, context, source):
        local = (source, 0) if source else None
        reader, self.writer = await asyncio.open_connection(host, port, ssl=context, local_addr=local)
        self.connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.connection.initiate_connection()
        self.stream = self.connection.get_next_available_stream_id()
        self.connection.send_headers(self.stream, [
            (":method", "POST"), (":scheme", "https"), (":authority", self.authority),
            (":path", "/device/v1/link"), ("authorization", f"bearer {self.credential}"),
            ("content-type", "application/json")])
        self.writer.write(self.connection.data_to_send())
        asyncio.get_running_loop().create_task(self.read(reader))
        return await self.answered

    async def read(self, reader):
        try:
            while data := await reader.read(65536):
                at = time.monotonic()
                for event in self.connection.receive_data(data):
                    self.handle(event, at)
                self.writer.write(self.connection.data_to_send())
        except (ConnectionError, OSError, ssl.SSLError, h2.exceptions.ProtocolError):
            pass
        if not self.answered.done():
            self.answered.set_result("connection closed")

    def handle(self, event, at):
        if isinstance(event, h2.events.ResponseReceived):
            status = dict(event.headers).get(b":status", b"?").decode()
            if not self.answered.done():
                self.answered.set_result(None if status == "200" else f"status {status}")
        elif isinstance(event, h2.events.DataReceived):
            self.connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            self.pending += event.data
            *lines, self.pending = self.pending.split(b"\n")
            for line in lines:
                message = json.loads(line) if line else {}
                if "sequence" in message:
                    if self.received is None:
                        self.received = at
                    ack = json.dumps({"ack": message["sequence"]}).encode() + b"\n"
                    self.connection.send_data(event.stream_id, ack)
                    DONE.add(self)
                    if len(DONE) == len(DEVICES):
                        FINISHED.set()
        elif isinstance(event, (h2.events.StreamEnded, h2.events.StreamReset, h2.events.ConnectionTerminated)):
            if not self.answered.done():
                self.answered.set_result(type(event).__name__)


DEVICES = []
DONE = set()
FINISHED = None


async def main():
    global FINISHED
    FINISHED = asyncio.Event()
    host, port, credentials_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    prefix = sys.argv[4] if len(sys.argv) > 4 else None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2"])
    credentials = [line.strip() for line in open(credentials_file) if line.strip()]
    DEVICES.extend(Device(credential, f"{host}:{port}") for credential in credentials)
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_one(index, device):
        async with gate:
            return await device.link(host, port, context, prefix and f"{prefix}{1 + index % SOURCES}")

    opened = await asyncio.gather(*(open_one(i, d) for i, d in enumerate(DEVICES)), return_exceptions=True)
    failures = [f for f in opened if f]
    if failures:
        print(f"failed {len(failures)}: {failures[0]!r}", flush=True)
    else:
        print(f"linked {len(DEVICES)}", flush=True)
    stdin_closed = asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await asyncio.wait([asyncio.ensure_future(FINISHED.wait()), stdin_closed], return_when=asyncio.FIRST_COMPLETED)
    received = [d.received for d in DEVICES if d.received is not None]
    print(json.dumps({"received": received, "failed": len(failures)}), flush=True)
    os._exit(0)  # not waiting for the thread reading stdin


if __name__ == "__main__":
    asyncio.run(main())
