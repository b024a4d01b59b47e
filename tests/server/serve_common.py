"""Shared by the server tests: start `cgtlab serve` on a free port, talk HTTP, stop it."""
import http.client
import json
import os
import signal
import subprocess
import sys
import time


class Server:
    def __init__(self, cgtlab, *args):
        self.proc = subprocess.Popen([cgtlab, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if "http://" not in line:
            self.proc.kill()
            sys.exit(f"FAIL: cgtlab serve did not start: {line!r}")
        self.url = line.split()[2].rstrip("/")
        self.host, port = self.url[len("http://"):].rsplit(":", 1)
        self.port = int(port)

    def request(self, method, path, body=None, raw=None, headers=None, timeout=60):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        conn.request(method, path, body=data, headers=headers or {"Content-Type": "application/json"})
        r = conn.getresponse()
        text = r.read().decode("utf-8", "replace")
        conn.close()
        return r.status, text

    def post(self, path, body, **kw):
        status, text = self.request("POST", path, body, **kw)
        try:
            return status, json.loads(text)
        except ValueError:
            return status, {"unparsed": text}

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1

    def children(self):
        kids = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == self.proc.pid:
                    kids.append(int(pid))
            except OSError:
                pass
        return kids

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                return None
        return self.proc.returncode


def cli_json(cgtlab, *args):
    """What the CLI prints with --json (the reference the API must match)."""
    args = list(args)
    cut = args.index("--") if "--" in args else len(args)
    r = subprocess.run([cgtlab, *args[:cut], "--json", *args[cut:]], capture_output=True, text=True, timeout=120)
    return json.loads(r.stdout) if r.stdout.strip() else None


def without_seconds(j):
    if isinstance(j, dict):
        return {k: without_seconds(v) for k, v in j.items() if k not in ("seconds",)}
    if isinstance(j, list):
        return [without_seconds(v) for v in j]
    return j
