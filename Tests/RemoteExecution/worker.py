#!/usr/bin/env python3
"""A small remote-execution worker for BuildGrid, for tests on one machine.

BuildGrid schedules actions but no longer ships a worker, so the Bazel check
(.ci/bazel-check) runs this one. It speaks the Remote Workers API
(google.devtools.remoteworkers.v1test2, whose Python bindings come with the
buildgrid wheel): each bot opens a BotSession, takes the leases the server
assigns, runs the lease's REAPI Action in a fresh folder and reports the
ActionResult in the lease.

For every lease it
  1. reads the Action, its Command and its input tree from the CAS,
  2. lays the input tree out in an empty folder (files are hard links into a
     local blob cache, so the 70 MB tool is fetched once per run),
  3. creates the parent folders of the declared outputs and runs the
     command there with the Command's environment only,
  4. uploads the outputs, stdout and stderr and completes the lease.

While an action runs, the bot calls UpdateBotSession every --heartbeat
seconds, so that the server does not take the bot for dead. Every call has
a client timeout, because the server holds UpdateBotSession open while it
waits for work. The worker runs until it is killed.

It is test infrastructure, not part of swift-implicits: no isolation beyond
a private folder per action, and the commands run as the worker's user with
the host's tools (the compile actions of docs/examples/bazel name the host's
swiftc by absolute path).
"""

import argparse
import hashlib
import logging
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import grpc
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2 as re_pb2
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2_grpc as re_grpc
from buildgrid._protos.google.bytestream import bytestream_pb2, bytestream_pb2_grpc
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2, bots_pb2_grpc, worker_pb2
from buildgrid._protos.google.rpc import code_pb2

LOG = logging.getLogger("worker")

# Blobs up to this size go through the batch calls, larger ones through
# ByteStream; batches stay under gRPC's default 4 MiB message limit.
BATCH_LIMIT = 1 << 20
CHUNK = 1 << 20


class Cas:
    """Reads and writes blobs of one instance, with a local cache of what it read."""

    def __init__(self, channel, instance, cache_dir, timeout):
        self.instance = instance
        self.cache_dir = cache_dir
        self.timeout = timeout
        self.cas = re_grpc.ContentAddressableStorageStub(channel)
        self.bytestream = bytestream_pb2_grpc.ByteStreamStub(channel)
        self.lock = threading.Lock()
        os.makedirs(cache_dir, exist_ok=True)

    def _resource(self, digest):
        prefix = self.instance + "/" if self.instance else ""
        return f"{prefix}blobs/{digest.hash}/{digest.size_bytes}"

    def cached_path(self, digest):
        return os.path.join(self.cache_dir, f"{digest.hash}_{digest.size_bytes}")

    def read_blobs(self, digests):
        """Returns {hash: bytes} for the digests, fetched from the server."""
        result = {}
        small = [d for d in digests if d.size_bytes <= BATCH_LIMIT]
        large = [d for d in digests if d.size_bytes > BATCH_LIMIT]
        batch, size = [], 0
        for digest in small + [None]:
            if digest is None or (batch and size + digest.size_bytes > BATCH_LIMIT):
                if batch:
                    request = re_pb2.BatchReadBlobsRequest(instance_name=self.instance, digests=batch)
                    response = self.cas.BatchReadBlobs(request, timeout=self.timeout)
                    for r in response.responses:
                        if r.status.code != code_pb2.OK:
                            raise RuntimeError(f"cannot read blob {r.digest.hash}: {r.status.message}")
                        result[r.digest.hash] = r.data
                batch, size = [], 0
            if digest is not None:
                batch.append(digest)
                size += digest.size_bytes
        for digest in large:
            request = bytestream_pb2.ReadRequest(resource_name=self._resource(digest))
            data = b"".join(r.data for r in self.bytestream.Read(request, timeout=self.timeout))
            result[digest.hash] = data
        for digest in digests:
            if digest.size_bytes == 0:
                result[digest.hash] = b""
            data = result.get(digest.hash)
            if data is None or len(data) != digest.size_bytes or hashlib.sha256(data).hexdigest() != digest.hash:
                raise RuntimeError(f"blob {digest.hash}/{digest.size_bytes} is missing or corrupt")
        return result

    def read_message(self, digest, message_type):
        message = message_type()
        message.ParseFromString(self.read_blobs([digest])[digest.hash])
        return message

    def fetch_to_cache(self, digests):
        """Makes sure every digest has a file in the local cache."""
        missing = {}
        for digest in digests:
            if not os.path.exists(self.cached_path(digest)):
                missing[digest.hash] = digest
        if not missing:
            return
        blobs = self.read_blobs(list(missing.values()))
        for digest in missing.values():
            path = self.cached_path(digest)
            fd, tmp = tempfile.mkstemp(dir=self.cache_dir)
            with os.fdopen(fd, "wb") as f:
                f.write(blobs[digest.hash])
            os.chmod(tmp, 0o555)
            os.replace(tmp, path)

    def upload(self, blobs):
        """Uploads {hash: (digest, bytes)} that the server does not have yet."""
        if not blobs:
            return
        by_hash = blobs
        request = re_pb2.FindMissingBlobsRequest(
            instance_name=self.instance, blob_digests=[d for d, _ in by_hash.values()])
        missing = self.cas.FindMissingBlobs(request, timeout=self.timeout).missing_blob_digests
        batch, size = [], 0
        for digest in list(missing) + [None]:
            if digest is None or (batch and size + digest.size_bytes > BATCH_LIMIT):
                if batch:
                    request = re_pb2.BatchUpdateBlobsRequest(instance_name=self.instance, requests=batch)
                    response = self.cas.BatchUpdateBlobs(request, timeout=self.timeout)
                    for r in response.responses:
                        if r.status.code != code_pb2.OK:
                            raise RuntimeError(f"cannot upload blob {r.digest.hash}: {r.status.message}")
                batch, size = [], 0
            if digest is None:
                break
            data = by_hash[digest.hash][1]
            if digest.size_bytes > BATCH_LIMIT:
                self._write(digest, data)
            else:
                batch.append(re_pb2.BatchUpdateBlobsRequest.Request(digest=digest, data=data))
                size += digest.size_bytes

    def _write(self, digest, data):
        prefix = self.instance + "/" if self.instance else ""
        name = f"{prefix}uploads/{uuid.uuid4()}/blobs/{digest.hash}/{digest.size_bytes}"

        def requests():
            offset = 0
            while True:
                chunk = data[offset:offset + CHUNK]
                last = offset + len(chunk) >= len(data)
                yield bytestream_pb2.WriteRequest(
                    resource_name=name, write_offset=offset, finish_write=last, data=chunk)
                offset += len(chunk)
                if last:
                    return

        response = self.bytestream.Write(requests(), timeout=self.timeout)
        if response.committed_size != digest.size_bytes:
            raise RuntimeError(f"upload of {digest.hash} committed {response.committed_size} bytes")


def digest_of(data):
    return re_pb2.Digest(hash=hashlib.sha256(data).hexdigest(), size_bytes=len(data))


def lay_out_inputs(cas, root_digest, root):
    """Writes the input tree under root: directories, hard-linked files, symlinks."""
    directories = {}
    pending = [root_digest]
    while pending:
        wanted = [d for d in pending if d.hash not in directories]
        pending = []
        if not wanted:
            break
        blobs = cas.read_blobs(wanted)
        for digest in wanted:
            directory = re_pb2.Directory()
            directory.ParseFromString(blobs[digest.hash])
            directories[digest.hash] = directory
            pending.extend(node.digest for node in directory.directories)

    files = []

    def collect(digest, path):
        directory = directories[digest.hash]
        os.makedirs(path, exist_ok=True)
        for node in directory.files:
            files.append((node, os.path.join(path, node.name)))
        for node in directory.symlinks:
            os.symlink(node.target, os.path.join(path, node.name))
        for node in directory.directories:
            collect(node.digest, os.path.join(path, node.name))

    collect(root_digest, root)
    cas.fetch_to_cache([node.digest for node, _ in files])
    for node, path in files:
        source = cas.cached_path(node.digest)
        if node.is_executable:
            os.link(source, path)
        else:
            # A plain copy: the cached blob is executable, this input is not.
            shutil.copyfile(source, path)
            os.chmod(path, 0o444)


def collect_outputs(cas, command, cwd, result):
    """Adds the command's outputs that exist to result and uploads them."""
    blobs = {}

    def add_file(path):
        with open(path, "rb") as f:
            data = f.read()
        digest = digest_of(data)
        blobs[digest.hash] = (digest, data)
        return digest, bool(os.stat(path).st_mode & stat.S_IXUSR)

    def tree_of(path):
        def directory_of(folder):
            directory = re_pb2.Directory()
            for name in sorted(os.listdir(folder)):
                full = os.path.join(folder, name)
                if os.path.islink(full):
                    directory.symlinks.add(name=name, target=os.readlink(full))
                elif os.path.isdir(full):
                    child = directory_of(full)
                    data = child.SerializeToString()
                    digest = digest_of(data)
                    blobs[digest.hash] = (digest, data)
                    children.append(child)
                    directory.directories.add(name=name, digest=digest)
                else:
                    digest, executable = add_file(full)
                    directory.files.add(name=name, digest=digest, is_executable=executable)
            return directory

        children = []
        tree = re_pb2.Tree(root=directory_of(path))
        tree.children.extend(children)
        data = tree.SerializeToString()
        digest = digest_of(data)
        blobs[digest.hash] = (digest, data)
        return digest

    paths = list(command.output_paths) or list(command.output_files) + list(command.output_directories)
    for relative in paths:
        full = os.path.join(cwd, relative)
        if os.path.islink(full):
            result.output_file_symlinks.add(path=relative, target=os.readlink(full))
        elif os.path.isfile(full):
            digest, executable = add_file(full)
            result.output_files.add(path=relative, digest=digest, is_executable=executable)
        elif os.path.isdir(full):
            result.output_directories.add(path=relative, tree_digest=tree_of(full))
    return blobs


class Bot:
    def __init__(self, args, index, channel, cas):
        self.args = args
        # A new name for every session: a session the server dropped stays dropped.
        self.name = f"{socket.gethostname()}-{os.getpid()}-{index}-{uuid.uuid4().hex[:8]}"
        self.bots = bots_pb2_grpc.BotsStub(channel)
        self.cas = cas
        self.session = None

    def call(self, method, request):
        return method(request, timeout=self.args.call_timeout)

    def update(self):
        request = bots_pb2.UpdateBotSessionRequest(name=self.session.name, bot_session=self.session)
        self.session = self.call(self.bots.UpdateBotSession, request)

    def run(self):
        session = bots_pb2.BotSession(
            bot_id=self.name,
            status=bots_pb2.BotStatus.OK,
            worker=worker_pb2.Worker(devices=[worker_pb2.Device(handle=self.name)]),
        )
        request = bots_pb2.CreateBotSessionRequest(parent=self.args.instance, bot_session=session)
        self.session = self.call(self.bots.CreateBotSession, request)
        LOG.info("%s: session %s", self.name, self.session.name)
        while True:
            active = [lease for lease in self.session.leases if lease.state == bots_pb2.LeaseState.ACTIVE]
            if not active:
                self.update()  # waits on the server for work, at most its keepalive time
                continue
            self.work_on(active[0].id)

    def work_on(self, lease_id):
        outcome = {}
        worker = threading.Thread(target=self.execute, args=(self.lease(lease_id), outcome), daemon=True)
        worker.start()
        while worker.is_alive():
            worker.join(self.args.heartbeat)
            if worker.is_alive():
                self.update()
                if self.lease(lease_id) is None:
                    LOG.warning("%s: lease %s was cancelled", self.name, lease_id)
                    outcome["cancel"] = True
                    worker.join()
                    return
        lease = self.lease(lease_id)
        if lease is None:
            return
        lease.state = bots_pb2.LeaseState.COMPLETED
        if "result" in outcome:
            lease.result.Pack(outcome["result"])
            lease.status.code = code_pb2.OK
        else:
            lease.status.code = code_pb2.FAILED_PRECONDITION
            lease.status.message = outcome.get("error", "the worker failed")
        self.update()

    def lease(self, lease_id):
        for lease in self.session.leases:
            if lease.id == lease_id:
                return lease
        return None

    def execute(self, lease, outcome):
        started = time.monotonic()
        folder = tempfile.mkdtemp(prefix="action-", dir=self.args.work_dir)
        try:
            if lease.payload.Is(re_pb2.Action.DESCRIPTOR):
                action = re_pb2.Action()
                lease.payload.Unpack(action)
            else:
                digest = re_pb2.Digest()
                lease.payload.Unpack(digest)
                action = self.cas.read_message(digest, re_pb2.Action)
            command = self.cas.read_message(action.command_digest, re_pb2.Command)
            root = os.path.join(folder, "root")
            lay_out_inputs(self.cas, action.input_root_digest, root)
            cwd = os.path.join(root, command.working_directory)
            # The folders that lead to the outputs, not output folders themselves.
            outputs = list(command.output_paths) + list(command.output_files) + list(command.output_directories)
            for relative in outputs:
                os.makedirs(os.path.dirname(os.path.join(cwd, relative)), exist_ok=True)
            env = {v.name: v.value for v in command.environment_variables}
            timeout = action.timeout.seconds or self.args.action_timeout
            process = subprocess.Popen(
                list(command.arguments), cwd=cwd, env=env,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
            try:
                stdout, stderr = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, 9)
                stdout, stderr = process.communicate()
                stderr += f"\nworker: killed after {timeout} s\n".encode()
            if outcome.get("cancel"):
                return
            result = re_pb2.ActionResult(exit_code=process.returncode)
            blobs = collect_outputs(self.cas, command, cwd, result)
            for data, field in ((stdout, result.stdout_digest), (stderr, result.stderr_digest)):
                digest = digest_of(data)
                blobs[digest.hash] = (digest, data)
                field.CopyFrom(digest)
            self.cas.upload(blobs)
            outcome["result"] = result
            LOG.info("%s: ran %s: exit %d, %d outputs, %.2f s", self.name,
                     os.path.basename(command.arguments[0]), process.returncode,
                     len(result.output_files) + len(result.output_directories),
                     time.monotonic() - started)
        except Exception as error:  # reported in the lease's status
            LOG.exception("%s: lease %s failed", self.name, lease.id)
            outcome["error"] = f"worker {self.name}: {error}"
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="host:port of the BuildGrid server")
    parser.add_argument("--instance", default="", help="the instance name (Bazel's --remote_instance_name)")
    parser.add_argument("--work-dir", required=True, help="folder for the actions and the blob cache")
    parser.add_argument("--bots", type=int, default=2, help="actions run at once (one bot each)")
    parser.add_argument("--heartbeat", type=float, default=2.0, help="seconds between keepalives while busy")
    parser.add_argument("--call-timeout", type=float, default=30.0, help="client timeout of every call")
    parser.add_argument("--action-timeout", type=int, default=600, help="for actions that set none")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
    os.makedirs(args.work_dir, exist_ok=True)
    channel = grpc.insecure_channel(args.server)
    cas = Cas(channel, args.instance, os.path.join(args.work_dir, "blobs"), args.call_timeout)

    def run_bot(index):
        while True:
            try:
                Bot(args, index, channel, cas).run()
            except grpc.RpcError as error:
                # The server restarted or closed the session: open a new one.
                LOG.warning("bot %d: %s: %s; reconnecting", index, error.code(), error.details())
                time.sleep(1)

    threads = [threading.Thread(target=run_bot, args=(i,), daemon=True) for i in range(args.bots)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


if __name__ == "__main__":
    main()
