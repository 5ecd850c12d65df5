"""What the push suites of Tests/System share: the daemon's HTTP API as a test calls it,
and provider keys made as Apple makes them. Standard library and openssl only.

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "harness"))
    from herald_push import call, make_p8
"""

import json
import subprocess
import urllib.request


def call(daemon, method, path, token, body=None):
    """The daemon's HTTP API: the JSON answer (None for an empty one); a refusal raises
    urllib's HTTPError."""
    request = urllib.request.Request(
        daemon.url + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        text = answer.read()
        return json.loads(text) if text else None


def make_p8(directory, key_id):
    """A P-256 key in PKCS#8 PEM, made by openssl as Apple's AuthKey_<kid>.p8 files are."""
    path = directory / f"AuthKey_{key_id}.p8"
    subprocess.run(
        ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(path)],
        check=True)
    return path
