"""Local fakes of the email and SMS providers for the cluster (scripts/cluster.sh):
an SMTP server speaking just enough of RFC 5321 to accept messages, and Twilio's
Messages API. Each message received is one JSON line in LOG, with the time it arrived:
  {"channel": "email", "to": ..., "message_id": ..., "at": ...}
  {"channel": "sms", "to": ..., "body": ..., "at": ...}
so that the cluster test can check each message was sent once.
  python3 scripts/fake_providers.py SMTP_PORT TWILIO_PORT LOG
Only the standard library.
"""

import json
import socketserver
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SMTP_PORT, TWILIO_PORT, LOG = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
lock = threading.Lock()


def record(entry):
    entry["at"] = time.time()
    with lock, open(LOG, "a") as f:
        f.write(json.dumps(entry) + "\n")


class Smtp(socketserver.StreamRequestHandler):
    def reply(self, line):
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self):
        self.reply("220 fake.test ESMTP")
        to = []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            command = line.decode(errors="replace").strip()
            verb = command.split(" ", 1)[0].upper()
            if verb in ("EHLO", "HELO"):
                self.wfile.write(b"250-fake.test\r\n250 8BITMIME\r\n")
            elif verb == "MAIL":
                to = []
                self.reply("250 ok")
            elif verb == "RCPT":
                to.append(command.split(":", 1)[1].strip().strip("<>"))
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 go ahead")
                message_id = None
                while True:
                    data = self.rfile.readline()
                    if not data or data.rstrip(b"\r\n") == b".":
                        break
                    header = data.decode(errors="replace")
                    if header.lower().startswith("message-id:"):
                        message_id = header.split(":", 1)[1].strip()
                for recipient in to:
                    record({"channel": "email", "to": recipient, "message_id": message_id})
                self.reply("250 queued")
            elif verb in ("RSET", "NOOP"):
                self.reply("250 ok")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("500 what")


class Twilio(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = urllib.parse.parse_qs(self.rfile.read(length).decode())
        if not self.path.endswith("/Messages.json") or "To" not in form or "Body" not in form:
            self.send_response(400)
            self.end_headers()
            return
        record({"channel": "sms", "to": form["To"][0], "body": form["Body"][0]})
        body = json.dumps({"sid": f"SM{time.time_ns()}", "status": "queued"}).encode()
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class ThreadingSmtp(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


if __name__ == "__main__":
    smtp = ThreadingSmtp(("127.0.0.1", SMTP_PORT), Smtp)
    threading.Thread(target=smtp.serve_forever, daemon=True).start()
    ThreadingHTTPServer(("127.0.0.1", TWILIO_PORT), Twilio).serve_forever()
