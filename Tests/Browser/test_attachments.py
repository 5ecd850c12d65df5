"""Image attachments in the web notification center: a thumbnail in the banner,
the alert and the delivered list, fetched from the download route with the
session's key and shown from a blob: address."""

import base64
import struct
import zlib

from helpers import allowed_app, schedule

APP = "com.example.chat"


def png(width, height, rgb):
    """A real PNG image of one colour."""
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def attachment(identifier, data, **options):
    return {"identifier": identifier, "fileName": f"{identifier}.png",
            "data": base64.b64encode(data).decode(), **options}


def loaded_size(center, img):
    """The decoded image's natural size once it has loaded, else None."""
    return center.driver.execute_script(
        "const i = arguments[0]; return i.complete && i.naturalWidth ? [i.naturalWidth, i.naturalHeight] : null;", img)


def test_an_image_attachment_shows_as_a_thumbnail_in_the_banner_and_the_list(center):
    token = allowed_app(center)
    schedule(center, APP, token, "photo", "Anna sent a photo", attachments=[attachment("cat", png(24, 16, (30, 120, 220)))])
    center.daemon.advance(60)

    banner = center.visible("#banners .banner")
    img = banner.find_element("css selector", "img.card-thumbnail")
    assert img.get_attribute("data-attachment") == "cat"
    assert img.get_attribute("data-source").endswith("/attachments/cat")
    center.wait().until(lambda d: loaded_size(center, img) == [24, 16])
    center.screenshot("center-attachment.png")

    section = center.section(APP)
    item = center.visible(f"{section} .delivered-item img.card-thumbnail")
    center.wait().until(lambda d: loaded_size(center, item) == [24, 16])


def test_a_hidden_thumbnail_and_a_sound_show_no_image(center):
    token = allowed_app(center)
    schedule(center, APP, token, "hidden", "Hidden thumbnail",
             attachments=[attachment("cat", png(4, 4, (200, 0, 0)), thumbnailHidden=True)])
    center.daemon.advance(60)
    banner = center.visible("#banners .banner")
    assert banner.find_elements("css selector", ".card-title")[0].text == "Hidden thumbnail"
    assert banner.find_elements("css selector", "img.card-thumbnail") == []


def test_the_download_needs_the_session(center):
    token = allowed_app(center)
    schedule(center, APP, token, "photo", "Photo", attachments=[attachment("cat", png(4, 4, (0, 200, 0)))])
    center.daemon.advance(60)
    img = center.visible("#banners .banner img.card-thumbnail")
    source = img.get_attribute("data-source")
    center.wait().until(lambda d: loaded_size(center, img) == [4, 4])
    assert img.get_attribute("src").startswith("blob:")
    # Without the session cookie, or with the cookie alone, the same address is refused.
    for credentials in ("omit", "same-origin"):
        status = center.driver.execute_script(
            "return fetch(arguments[0], {credentials: arguments[1]}).then(r => r.status);", source, credentials)
        assert status == 401, credentials
