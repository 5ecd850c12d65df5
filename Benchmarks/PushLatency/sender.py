"""P2's provider: sends pushes one after another over one HTTP/2 connection with an ES256
provider token, as an APNs client does, and prints, for each, its apns-id and the
CLOCK_MONOTONIC time its 200 came back (accepted), one JSON line each.

    python3 sender.py URL CERT TOKEN KEY_FILE COUNT INTERVAL
"""

import json
import sys
import time
import uuid

import httpx
import jwt

url, cert, device_token, key_file, count, interval = sys.argv[1:7]
key = open(key_file).read()
provider_token = jwt.encode(
    {"iss": "TEAM123456", "iat": int(time.time())}, key, algorithm="ES256", headers={"kid": "ABC123DEFG"})
with httpx.Client(http2=True, verify=cert, timeout=30) as client:
    for index in range(int(count)):
        push = str(uuid.uuid4())
        answer = client.post(
            f"{url}/3/device/{device_token}",
            headers={"authorization": f"bearer {provider_token}", "apns-topic": "com.example.chat",
                     "apns-push-type": "alert", "apns-id": push},
            content=json.dumps({"aps": {"alert": {"title": f"P2 {index}", "body": "latency"}}}))
        accepted = time.monotonic()
        if answer.status_code != 200:
            raise SystemExit(f"push {index} refused: {answer.status_code} {answer.text}")
        print(json.dumps({"id": push.upper(), "accepted": accepted}), flush=True)
        time.sleep(float(interval))
