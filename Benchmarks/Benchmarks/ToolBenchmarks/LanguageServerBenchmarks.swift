import Benchmark
import BenchmarkProjects
import Foundation
import ImplicitsAnalysis
import SwiftParser

// Diagnostics while typing (issue 28): `implicits lsp` as an editor starts
// it, on a module of about 5,000 lines in 10 files with 50 upstream
// interfaces. Each edit of a function body adds or removes a provide, so
// that every edit publishes: the time from the change to its diagnostics
// against the time SwiftParser takes to parse the changed file; and the
// server's memory over many edits. LSP_EDITS sets how many (10,000).

func registerLanguageServerBenchmarks() {
  let once = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, scalingFactor: .one, maxIterations: 1)

  Benchmark("language server: edits of a 5,000-line module with 50 upstream interfaces", configuration: once) {
    benchmark in
    let executable = requiredImplicitsExecutable()
    let module = try EditedModule.make("lsp", buildingWith: executable)
    defer { try? FileManager.default.removeItem(atPath: module.project) }
    let (project, files, edited, editedText, editLine, lines) =
      (module.project, module.files, module.edited, module.editedText, module.editLine, module.lines)
    let (provide, taken) = (EditedModule.provide, EditedModule.taken)

    // The parse floor: SwiftParser on the changed file, best of 20.
    let parse = best(of: 20) { _ = Parser.parse(source: editedText) }
    // The analysis alone, as the server makes it after an edit (the other
    // files' trees, declarations and bodies, the interface files and their
    // names kept), in this process, on one thread with the analyzer's
    // stack as the server's: what the protocol and the relay add is the rest.
    let alone: Double = LargeStackThread.run {
      let session = AnalysisSession()
      let interfaces = Dictionary(
        uniqueKeysWithValues: (0..<50).map { index in
          ("M\(index)", LazyInterface(moduleName: "M\(index)", path: "\(project)/.implicits/interfaces/M\(index).implicitinterface"))
        })
      var texts = Dictionary(uniqueKeysWithValues: files.map { ($0, Array((try? String(contentsOfFile: $0, encoding: .utf8))!.utf8)) })
      var times: [Double] = []
      for edit in 0..<41 {
        let line = edit % 2 == 1 ? taken : provide
        texts[edited] = Array(editedText.replacingOccurrences(of: provide, with: line).utf8)
        var request = AnalysisRequest(
          moduleName: "M50",
          sources: files.map { SourceInput(path: $0, relativePath: String($0.dropFirst(project.count + 1)), contents: texts[$0]!) },
          upstream: UpstreamInterfaces { interfaces[$0] })
        request.makesCodeIndex = true
        request.makesFiles = false
        let time = seconds { precondition(session.analyze(request)!.result.diagnostics.count == edit % 2) }
        if edit > 0 { times.append(time) }
      }
      let totals = session.totals
      precondition(totals.declarationReuses == 40, "declarations reused after \(totals.declarationReuses) of 40 edits")
      precondition(totals.bodiesTaken == 40 * (files.count - 1), "\(totals.bodiesTaken) files' bodies taken")
      return times.sorted()[times.count / 2]
    }

    let client = try LanguageClient(executable: executable)
    defer { client.stop() }
    client.request("initialize", ["rootUri": URL(fileURLWithPath: project).absoluteString, "capabilities": [:]])
    client.notify("initialized", [:])
    for file in files {
      client.notify(
        "textDocument/didOpen",
        [
          "textDocument": [
            "uri": URL(fileURLWithPath: file).absoluteString, "languageId": "swift", "version": 1,
            "text": try String(contentsOfFile: file, encoding: .utf8),
          ]
        ])
    }
    let uri = URL(fileURLWithPath: edited).absoluteString
    let first = client.waitForDiagnostics(of: uri)
    precondition(first.isEmpty, "the module has diagnostics before any edit: \(first)")

    let edits = Int(ProcessInfo.processInfo.environment["LSP_EDITS"] ?? "") ?? 10_000
    var latencies: [Double] = []
    var memory: [(edits: Int, kilobytes: Int)] = [(0, client.residentKilobytes())]
    for edit in 1...edits {
      let removing = edit % 2 == 1
      let start = DispatchTime.now().uptimeNanoseconds
      client.notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": uri, "version": edit + 1],
          "contentChanges": [
            [
              "range": [
                "start": ["line": editLine, "character": 0],
                "end": ["line": editLine, "character": (removing ? provide : taken).utf16.count],
              ],
              "text": removing ? taken : provide,
            ]
          ],
        ])
      let published = client.waitForDiagnostics(of: uri)
      latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      precondition(published.count == (removing ? 1 : 0), "edit \(edit): \(published)")
      if edit % (edits / 10 == 0 ? 1 : edits / 10) == 0 { memory.append((edit, client.residentKilobytes())) }
    }
    client.request("shutdown", nil)
    client.notify("exit", nil)

    let sorted = latencies.sorted()
    let median = sorted[sorted.count / 2]
    let p90 = sorted[sorted.count * 9 / 10]
    let target = 2 * parse + 0.010
    // Growth over the second half of the edits (a leak grows with them;
    // the allocator's high-water mark settles early), and since the first tenth.
    let half = memory.first { $0.edits >= edits / 2 }!
    let secondHalf = Double(memory.last!.kilobytes) / Double(half.kilobytes)
    let grown = Double(memory.last!.kilobytes) / Double(memory[1].kilobytes)
    benchmark.measurement(.custom("median ÷ (2 × parse + 10 ms) ×100", useScalingFactor: false), Int((median / target * 100).rounded()))
    benchmark.measurement(.custom("memory last ÷ half-way ×1000", useScalingFactor: false), Int((secondHalf * 1000).rounded()))
    print("""

      Language server (implicits lsp, supervised), module M50: \(files.count) files, \(lines) lines, 50 upstream interfaces:
        SwiftParser on the changed file (\(editedText.utf8.count / 1024) KB)   \(f(parse * 1000, 2)) ms
        the module's analysis after an edit, in process (median of 40)   \(f(alone * 1000, 2)) ms
        edit → diagnostics published, \(edits) edits   median \(f(median * 1000, 2)) ms   p90 \(f(p90 * 1000, 2)) ms   max \(f(sorted.last! * 1000, 2)) ms
        target: ≤ 2 × parse + 10 ms = \(f(target * 1000, 2)) ms   median: \(verdict(median <= target))   p90: \(verdict(p90 <= target))
        resident memory of the server's two processes:
      \(memory.map { "    after \($0.edits) edits: \(f(Double($0.kilobytes) / 1024, 1)) MB" }.joined(separator: "\n"))
        last ÷ half-way: \(f(secondHalf, 3))×   flat over the second half (≤ 1.01×): \(verdict(secondHalf <= 1.01))
        last ÷ after the first tenth: \(f(grown, 3))×

      """)
  }
}

/// A client of the language server over its standard input and output.
private final class LanguageClient: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let condition = NSCondition()
  private var messages: [[String: Any]] = []
  private var ended = false
  private var nextID = 1

  init(executable: String) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    Thread.detachNewThread { [self] in read() }
  }

  func notify(_ method: String, _ params: Any?) {
    send(["jsonrpc": "2.0", "method": method, "params": params ?? NSNull()])
  }

  /// Sends a request and waits for its answer.
  @discardableResult
  func request(_ method: String, _ params: Any?) -> [String: Any] {
    let id = nextID
    nextID += 1
    send(["jsonrpc": "2.0", "id": id, "method": method, "params": params ?? NSNull()])
    return waitFor { $0["method"] == nil && ($0["id"] as? Int) == id }
  }

  /// The diagnostics of the next publication for `uri`.
  func waitForDiagnostics(of uri: String) -> [[String: Any]] {
    let message = waitFor {
      ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
    }
    return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
  }

  /// The resident memory of the server and of the child it analyzes in.
  func residentKilobytes() -> Int {
    let pid = process.processIdentifier
    let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return ([pid] + children.split(separator: " ").compactMap { Int32($0) }).reduce(0) { $0 + processResidentKilobytes($1) }
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  private func send(_ message: [String: Any]) {
    let body = try! JSONSerialization.data(withJSONObject: message)
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  private func waitFor(_ matches: ([String: Any]) -> Bool) -> [String: Any] {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let index = messages.firstIndex(where: matches) {
        let message = messages[index]
        messages.removeSubrange(0...index)
        return message
      }
      precondition(!ended, "the server ended")
      condition.wait()
    }
  }

  private func read() {
    let handle = output.fileHandleForReading
    var buffer = Data()
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      buffer.append(chunk)
      while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        let length = Int(header.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))!
        guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { break }
        let body = buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)]
        let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        buffer = Data(buffer[(headerEnd.upperBound + length)...])
        condition.lock()
        messages.append(message)
        condition.signal()
        condition.unlock()
      }
    }
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }
}
