"""The cluster under failure (make test-cluster; run by scripts/cluster.sh after `--`).

Through nginx, a client keeps reading (search, vessel pages, figures) and writing
(registering vessels, paying their fees, uploading documents, and in the failover selling
every tenth vessel to the demo buyer, four at most (one account may text one number four
codes an hour): the code the buyer's phone received, then the transfer fee, which the last
sale's buyer never pays) while instances
are killed with SIGKILL and
started again, twice; then while each is restarted gracefully (SIGTERM) in turn. Checked
afterwards, in the primary database and on every instance:
  - no idempotent request (GET) failed at any time;
  - a write failed only while its instance was killed under it, never in a rolling restart;
  - every write acknowledged to the client is in the database, and every paid fee was
    fulfilled exactly once (one succeeded payment per paid vessel, the vessel active, or in
    transfer with its open transfer and no transfer fee when its sale was left unpaid, as
    the last one is, or a sale's step failed in flight);
  - every document acknowledged as uploaded downloads with the SHA-256 of what was sent;
  - every transfer acknowledged as paid handed the vessel to the buyer, with one paid fee,
    two ownership periods and a history chain that verifies;
  - a session made through one instance works on each of the others;
  - a vessel registered through one instance is counted by another within a second;
  - every email and SMS the outbox delivered reached the fake provider (scripts/fake_providers.py)
    exactly once; a second copy only of a message first sent within a second of an
    instance being killed (killed between the provider's answer and its record: the email carries
    its outbox id as Message-ID, so a mail system sees one message);
  - the public reads are served by the streaming replica (its own scan counters grow), the
    owner sees their new vessel at once (from the primary), and a replica whose replay is
    paused is left out once it is behind (`/readyz` names it) while every read still
    answers; stopping the replica fails no request.
(That a job runs in one instance at a time is proven where it can fail: three lease holders
racing in server/tests/api/jobs.rs, on both databases.)
Only the standard library: this runs on a fresh machine before anything else is installed.
"""

import hashlib
import http.cookiejar
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

URL = os.environ["CLUSTER_URL"]
# What browsers would send as Origin: the registry's public address (a host name; the test
# itself talks to the proxy's address).
ORIGIN = os.environ.get("CLUSTER_PUBLIC_URL", URL)
CONTROL = os.environ["CLUSTER_CONTROL"]
PRIMARY = os.environ["CLUSTER_PRIMARY_URL"]
REPLICA = os.environ["CLUSTER_REPLICA_URL"]
PORTS = os.environ["CLUSTER_INSTANCE_PORTS"].split()
MESSAGES = os.environ["CLUSTER_MESSAGES"]
OWNER, PASSWORD = "owner@registry.test", "sloop-owner-2025"
BUYER, BUYER_PHONE = "buyer@registry.test", "+31622222222"
KILLS = []  # when each SIGKILL was sent (time.time())


def client():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def call(opener, method, url, body=None, timeout=15, raw_body=None, content_type=None):
    """(status, parsed JSON or None); status 0 when no answer came."""
    data = json.dumps(body).encode() if body is not None else raw_body
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type or "application/json")
    request.add_header("Origin", ORIGIN)
    try:
        with opener.open(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw[:1] in (b"{", b"[") else None)
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, (json.loads(raw) if raw[:1] in (b"{", b"[") else None)
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, None


def sql(query, url=PRIMARY):
    out = subprocess.run(["psql", url, "-Atc", query], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def replica_scans():
    """Scans of the vessels table the replica itself served."""
    return int(sql("SELECT COALESCE(seq_scan, 0) + COALESCE(idx_scan, 0) FROM pg_stat_user_tables "
                   "WHERE relname = 'vessels'", REPLICA))


def pdf_upload(vessel_id, n):
    """A multipart body with one small PDF, and its SHA-256."""
    content = b"%PDF-1.4\n1 0 obj << >> endobj\n% failover " + str(n).encode() + b"\n%%EOF\n"
    boundary = f"cluster{os.getpid()}{n}"
    fields = [("vesselId", None, vessel_id.encode()), ("files", "bill-of-sale.pdf", content),
              ("documentType_0", None, b"proof_of_purchase")]
    body = b""
    for name, filename, value in fields:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        kind = "Content-Type: application/pdf\r\n" if filename else ""
        body += f"--{boundary}\r\nContent-Disposition: {disposition}\r\n{kind}\r\n".encode() + value + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}", hashlib.sha256(content).hexdigest()


def control(action, n):
    if action == "kill":
        KILLS.append(time.time())
    subprocess.run([CONTROL, action, str(n)], check=True)


def sign_in():
    opener, jar = client()
    status, _ = call(opener, "POST", f"{URL}/api/auth/login", {"email": OWNER, "password": PASSWORD})
    assert status == 200, f"sign-in through the proxy: {status}"
    return opener, jar


class Traffic:
    """Readers and a writer, each in a thread, recording every outcome."""

    def __init__(self, opener, sales=0):
        self.opener = opener
        self.sales_left = sales
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.reads = []  # (status, path)
        self.writes = []  # (step, status, at)
        self.paid = []  # vessel ids whose fee was acknowledged as paid
        self.registered = []  # vessel ids acknowledged as registered
        self.uploaded = []  # (document id, SHA-256 of what was sent, vessel id)
        self.transferred = []  # vessel ids whose transfer fee was acknowledged as paid
        self.selling = []  # vessel ids whose sale was started (its steps may fail on a killed instance)
        self.left_open = []  # vessel ids whose sale was opened and deliberately never paid for
        self.n = 0

    def reader(self):
        reader, _ = client()
        paths = ["/api/vessels/search?query=sail&pageSize=5", "/api/stats", "/api/vessels/search?pageSize=3", "/api/config/countries"]
        i = 0
        while not self.stop.is_set():
            path = paths[i % len(paths)]
            status, _ = call(reader, "GET", URL + path)
            with self.lock:
                self.reads.append((status, path))
            i += 1

    def writer(self):
        while not self.stop.is_set():
            with self.lock:
                self.n += 1
                n = self.n
            status, vessel = call(self.opener, "POST", f"{URL}/api/vessels", sailboat(f"Failover {os.getpid()}-{n}"))
            self.record("register", status)
            if status != 201:
                continue
            with self.lock:
                self.registered.append(vessel["id"])
            if pay_fee(self.opener, {"purpose": "registration", "vesselId": vessel["id"]}, self.record):
                with self.lock:
                    self.paid.append(vessel["id"])
            body, content_type, digest = pdf_upload(vessel["id"], n)
            status, stored = call(self.opener, "POST", f"{URL}/api/documents/upload", raw_body=body,
                                  content_type=content_type)
            self.record("upload", status)
            if status == 201:
                with self.lock:
                    self.uploaded.extend((d["id"], digest, vessel["id"]) for d in stored)
            if n % 10 == 0 and self.sales_left > 0 and vessel["id"] in self.paid:
                self.sales_left -= 1
                # The last sale's buyer never pays: the vessel waits in transfer.
                self.sell(vessel, pay=self.sales_left > 0)

    def sell(self, vessel, pay=True):
        """The owner starts a transfer to the buyer's phone, confirms the code the buyer
        read out (from the dev mailbox) and, if `pay`, pays the transfer fee."""
        # Before the first step: a step that fails on a killed instance may have
        # committed all the same (the transfer opened, its answer lost).
        with self.lock:
            self.selling.append(vessel["id"])
        status, started = call(self.opener, "POST", f"{URL}/api/transfers/initiate",
                               {"vesselId": vessel["id"], "toPhoneE164": BUYER_PHONE})
        self.record("transfer", status)
        if status != 201:
            return
        transfer = started["transferId"]
        if not pay:
            with self.lock:
                self.left_open.append(vessel["id"])
        status, mailbox = call(self.opener, "GET", f"{URL}/api/dev/mailbox")
        with self.lock:
            self.reads.append((status, "/api/dev/mailbox"))
        if status != 200:
            return
        sms = next(m for m in mailbox if m["to"] == BUYER_PHONE)
        code = next(w.strip(".") for w in sms["body"].split() if len(w.strip(".")) == 6 and w.strip(".").isdigit())
        status, _ = call(self.opener, "POST", f"{URL}/api/transfers/{transfer}/verify-otp", {"otp": code})
        self.record("code", status)
        if status != 200 or not pay:
            return
        if pay_fee(self.opener, {"purpose": "transfer", "vesselId": vessel["id"], "transferId": transfer}, self.record):
            with self.lock:
                self.transferred.append(vessel["id"])

    def record(self, step, status):
        with self.lock:
            self.writes.append((step, status, time.monotonic()))

    def __enter__(self):
        self.threads = [threading.Thread(target=self.reader) for _ in range(2)] + [threading.Thread(target=self.writer)]
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join()


def main():
    opener, jar = sign_in()

    # A session made through the proxy (one instance) works on each instance directly.
    for port in PORTS:
        status, me = call(opener, "GET", f"http://127.0.0.1:{port}/api/auth/me")
        assert status == 200 and me["email"] == OWNER, f"the session on instance :{port}: {status} {me}"

    # Failover: instances killed and started again while the traffic runs.
    with Traffic(opener, sales=4) as traffic:
        time.sleep(2)
        for n in (2, 3):
            control("kill", n)
            time.sleep(1.5)
            control("start", n)
            time.sleep(1.5)
    failed_reads = [r for r in traffic.reads if r[0] != 200]
    assert not failed_reads, f"idempotent requests failed: {failed_reads[:5]} of {len(traffic.reads)}"
    failed_writes = [w for w in traffic.writes if w[1] not in (200, 201)]
    assert len(failed_writes) <= 2, f"more writes failed than were in flight on the killed instances: {failed_writes}"
    assert len(traffic.paid) >= 5, f"the writer got through ({len(traffic.paid)} paid)"
    assert len(traffic.transferred) >= 2, f"the writer sold vessels ({len(traffic.transferred)} transferred)"
    print(f"failover: {len(traffic.reads)} reads, none failed; {len(traffic.writes)} writes, "
          f"{len(failed_writes)} failed in flight on a killed instance; {len(traffic.paid)} fees paid, "
          f"{len(traffic.uploaded)} documents uploaded, {len(traffic.transferred)} vessels sold, "
          f"{len(traffic.left_open)} sale left unpaid")
    check_writes(traffic)

    # Rolling restart: each instance stopped gracefully and started again; nothing fails.
    with Traffic(opener) as traffic:
        time.sleep(1)
        for n in (1, 2, 3):
            control("term", n)
            control("start", n)
            # As an operator's rolling restart does: the next instance goes once the proxy
            # counts this one again (an instance it saw refuse is skipped for a second).
            time.sleep(1.5)
    failed = [r for r in traffic.reads if r[0] != 200] + [w for w in traffic.writes if w[1] not in (200, 201)]
    assert not failed, f"requests failed in a rolling restart: {failed[:5]}"
    print(f"rolling restart: {len(traffic.reads)} reads and {len(traffic.writes)} writes, none failed")
    check_writes(traffic)

    # Registered and paid through the proxy, counted by every instance within a second.
    name = f"Counted {os.getpid()}"
    register_and_pay(opener, name)
    paid_at = time.monotonic()
    reader, _ = client()
    query = urllib.parse.quote(name)
    for port in PORTS:
        while True:
            status, page = call(reader, "GET", f"http://127.0.0.1:{port}/api/vessels/search?query={query}")
            if status == 200 and page["total"] >= 1:
                break
            assert time.monotonic() - paid_at < 1.0, f"instance :{port} does not count the new vessel after a second"
            time.sleep(0.05)
    print("a vessel paid through one instance was counted by every instance within a second")

    check_replica(opener)

    # Every email queued through the failures was delivered, each once. A message an
    # instance had claimed when it was killed waits for its claim to lapse (a minute).
    deadline = time.monotonic() + 75
    while int(sql("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL")) > 0:
        assert time.monotonic() < deadline, "the outbox drained within 75 s"
        time.sleep(0.5)
    print("every queued message delivered")
    check_messages_sent_once()
    print("cluster test passed")


def check_messages_sent_once():
    """Each message the outbox delivered reached its provider once (see the module's text)."""
    received = {}
    with open(MESSAGES) as f:
        for line in f:
            m = json.loads(line)
            key = ("email", m["message_id"]) if m["channel"] == "email" else ("sms", m["to"], m["body"])
            received.setdefault(key, []).append(m["at"])
    delivered = json.loads(sql("SELECT COALESCE(json_agg(json_build_array(id, channel, recipient, body)), '[]') "
                               "FROM outbox WHERE delivered_at IS NOT NULL"))
    # The Message-ID names the public address's host.
    host = urllib.parse.urlparse(ORIGIN).hostname
    missing, twice = [], []
    for outbox_id, channel, recipient, body in delivered:
        key = ("email", f"<{outbox_id}@{host}>") if channel == "email" else ("sms", recipient, body)
        times = received.get(key, [])
        if not times:
            missing.append(outbox_id)
        # A kill is recorded as the signal is asked for; the provider may log the message a
        # moment after (the dying instance's last bytes) or before (its record was cut off).
        elif len(times) > 1 and not any(abs(kill - times[0]) < 1.0 for kill in KILLS):
            detail = sql(f"SELECT attempts, last_error FROM outbox WHERE id = '{outbox_id}'")
            twice.append((outbox_id, channel, [round(t - times[0], 3) for t in times],
                          [round(k - times[0], 3) for k in KILLS], detail))
    assert not missing, f"delivered by the outbox, never received by the provider: {missing[:5]} of {len(missing)}"
    assert not twice, f"sent more than once, not around a kill: {twice[:5]}"
    assert len(delivered) >= 20, f"the traffic sent messages ({len(delivered)})"
    repeated = sum(1 for times in received.values() if len(times) > 1)
    print(f"{len(delivered)} emails and SMS each received once by their provider ({repeated} repeated around a kill)")


def check_replica(opener):
    """Public reads from the replica; the owner's own change from the primary; a replica
    left behind or stopped costs no read."""
    reader, _ = client()
    before = replica_scans()
    for _ in range(20):
        assert call(reader, "GET", f"{URL}/api/vessels/search?pageSize=3")[0] == 200
    # A backend reports its counters when idle, within PostgreSQL's stats interval (10 s).
    deadline = time.monotonic() + 15
    while (served := replica_scans() - before) < 20:
        assert time.monotonic() < deadline, f"the replica served {served} of 20 public searches"
        time.sleep(0.5)
    print(f"replica: 20 public searches through the proxy, {served} scans of vessels on the replica")

    # Replay paused: the replica falls behind and is left out; reads still answer, and
    # a vessel registered meanwhile is found by a visitor (so from the primary).
    control("replica", "pause")
    try:
        vessel = register_and_pay(opener, f"Behind {os.getpid()}")
        deadline = time.monotonic() + 10
        # Each instance measures the lag itself: wait until every one has left the replica out.
        behind = set()
        while len(behind) < len(PORTS):
            for port in PORTS:
                status, body = call(reader, "GET", f"http://127.0.0.1:{port}/readyz")
                if status == 503 and body["code"] == "replica_unavailable" and body["messageCode"] == "replica_behind":
                    behind.add(port)
            assert time.monotonic() < deadline, f"/readyz does not name the lagging replica on all instances: {behind}"
            # A write each time round: the primary moves on while the replica stands.
            register_and_pay(opener, f"Behind {os.getpid()} {time.monotonic()}")
            time.sleep(0.2)
        visitor, _ = client()
        status, page = call(visitor, "GET", f"{URL}/api/vessels/search?query={vessel['platformId']}")
        assert status == 200 and page["total"] == 1, f"left out, the replica serves no reads: {status} {page}"
    finally:
        control("replica", "resume")
    wait_ready(10)
    print("replica: paused, left out once behind (/readyz named it), every read answered; back after resuming")

    # The owner sees their new vessel at once, in the search and on its page.
    vessel = register_and_pay(opener, f"Own {os.getpid()}")
    status, page = call(opener, "GET", f"{URL}/api/vessels/search?query={vessel['platformId']}")
    assert status == 200 and page["total"] == 1, f"the owner's own new vessel: {status} {page}"
    assert call(opener, "GET", f"{URL}/api/vessels/{vessel['platformId']}")[0] == 200

    # The replica stopped under public traffic: no request fails.
    with Traffic(opener) as traffic:
        time.sleep(1)
        control("replica", "stop")
        time.sleep(2)
        control("replica", "start")
        time.sleep(1)
    failed = [r for r in traffic.reads if r[0] != 200] + [w for w in traffic.writes if w[1] not in (200, 201)]
    assert not failed, f"requests failed while the replica stopped: {failed[:5]}"
    wait_ready(15)
    print(f"replica: stopped and started under {len(traffic.reads)} reads and {len(traffic.writes)} writes, none failed")


def wait_ready(seconds):
    """Every instance ready again (the replica serving)."""
    deadline = time.monotonic() + seconds
    for port in PORTS:
        while call(client()[0], "GET", f"http://127.0.0.1:{port}/readyz")[0] != 200:
            assert time.monotonic() < deadline, f"instance :{port} not ready after {seconds} s"
            time.sleep(0.2)


def register_and_pay(opener, name):
    status, vessel = call(opener, "POST", f"{URL}/api/vessels", sailboat(name))
    assert status == 201, f"registering {name}: {status} {vessel}"
    assert pay_fee(opener, {"purpose": "registration", "vesselId": vessel["id"]}), f"paying for {name}"
    return vessel


def sailboat(name):
    """A registration of a pre-CIN Dutch sailboat, named `name`."""
    return {"name": name, "countryCode": "NL", "make": "Dehler", "model": "29", "buildYear": 1990,
            "lengthCm": 880, "publicVisibility": True, "forSale": False, "legacyId": "unknown",
            "engineSerial": "unknown", "identifiers": {"brandmerk": "unknown"}}


def pay_fee(opener, ask, record=lambda step, status: None):
    """Ask for the fee's intent and pay it with the offline processor's test card; True when
    the payment was acknowledged."""
    status, intent = call(opener, "POST", f"{URL}/api/payments/create-intent", ask)
    record(f"{ask['purpose']} intent", status)
    if status not in (200, 201):
        return False
    card = {"clientSecret": intent["clientSecret"], "cardNumber": "4242 4242 4242 4242",
            "expMonth": 12, "expYear": 2034, "cvc": "123"}
    status, _ = call(opener, "POST", f"{URL}/api/payments/local/confirm", card)
    record(f"{ask['purpose']} fee", status)
    return status == 200


def check_writes(traffic):
    ids = "','".join(traffic.registered)
    found = int(sql(f"SELECT COUNT(*) FROM vessels WHERE id IN ('{ids}')")) if traffic.registered else 0
    assert found == len(traffic.registered), f"acknowledged registrations missing: {found} of {len(traffic.registered)}"
    waiting = []  # vessels found in transfer, their sale open
    for vessel_id in traffic.paid:
        row = sql(f"SELECT v.status, (SELECT COUNT(*) FROM payments p WHERE p.vessel_id = v.id "
                  f"AND p.purpose = 'registration' AND p.status = 'succeeded') "
                  f"FROM vessels v WHERE v.id = '{vessel_id}'")
        if vessel_id in traffic.selling and vessel_id not in traffic.transferred and row == "in_transfer|1":
            # A sale whose code or fee failed on a killed instance leaves the transfer open, as it
            # should: the vessel waits for its buyer, with its open transfer and no transfer fee.
            open_sale = sql(f"SELECT (SELECT COUNT(*) FROM transfers t WHERE t.vessel_id = '{vessel_id}' "
                            f"AND t.status IN ('pending_verification', 'verified')), "
                            f"(SELECT COUNT(*) FROM payments p WHERE p.vessel_id = '{vessel_id}' "
                            f"AND p.purpose = 'transfer' AND p.status = 'succeeded')")
            assert open_sale == "1|0", f"vessel {vessel_id} in transfer: {open_sale} (one open transfer, no fee paid)"
            waiting.append(vessel_id)
            continue
        assert row == "active|1", f"vessel {vessel_id}: {row} (active, paid exactly once)"
    unpaid = set(traffic.left_open) - set(waiting)
    assert not unpaid, f"sales opened and never paid for, yet their vessels are not in transfer: {unpaid}"
    buyer = sql(f"SELECT id FROM users WHERE email = '{BUYER}'")
    for vessel_id in traffic.transferred:
        row = sql(f"SELECT v.status, v.owner_user_id = '{buyer}', "
                  f"(SELECT COUNT(*) FROM payments p WHERE p.vessel_id = v.id AND p.purpose = 'transfer' AND p.status = 'succeeded'), "
                  f"(SELECT COUNT(*) FROM ownership_history h WHERE h.vessel_id = v.id), v.platform_id "
                  f"FROM vessels v WHERE v.id = '{vessel_id}'")
        status, to_buyer, fees, periods, platform_id = row.split("|")
        assert (status, to_buyer, fees, periods) == ("active", "t", "1", "2"), \
            f"vessel {vessel_id} sold: {row} (active, the buyer's, one transfer fee, two ownership periods)"
        status, report = call(traffic.opener, "GET", f"{URL}/api/vessels/{platform_id}/history/verify")
        assert status == 200 and report["valid"], f"the history chain of {platform_id}: {status} {report}"
    for document_id, digest, vessel_id in traffic.uploaded:
        stored = sql(f"SELECT sha256 FROM documents WHERE id = '{document_id}'")
        assert stored == digest, f"document {document_id}: stored {stored!r}, sent {digest}"
        if vessel_id in traffic.transferred:
            continue  # A seller's documents stay with the seller's period: the seller no longer reads them.
        status, data = download(traffic.opener, document_id)
        assert status == 200 and hashlib.sha256(data).hexdigest() == digest, f"document {document_id} downloads: {status}"


def download(opener, document_id):
    try:
        request = urllib.request.Request(f"{URL}/api/documents/{document_id}/download", headers={"Origin": ORIGIN})
        with opener.open(request, timeout=15) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"cluster test failed: {e}", file=sys.stderr)
        sys.exit(1)
