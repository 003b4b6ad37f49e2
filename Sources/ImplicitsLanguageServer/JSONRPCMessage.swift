import ImplicitsInterface

/// The error codes of JSON-RPC 2.0 and of the Language Server Protocol
/// that the server and its supervisor answer with.
enum JSONRPCErrorCode: Int, Sendable {
  /// The message could not be read: its header, or a body that is not JSON.
  case parseError = -32700
  /// A message that is not a request (no `method`), or a request after `shutdown`.
  case invalidRequest = -32600
  case methodNotFound = -32601
  /// A request on a document without its file URI, or whose position or range is not one.
  case invalidParams = -32602
  /// A request before `initialize`.
  case serverNotInitialized = -32002
  /// The client cancelled the request (`$/cancelRequest`) before it was answered.
  case requestCancelled = -32800
  /// The request was valid but the server could not answer it: the analysis crashed.
  case requestFailed = -32803
}

/// One JSON-RPC 2.0 message: the one place where the envelopes the server
/// writes are built (`json`), and where those it reads are told apart
/// (`init(_:)`). The JSON is `JSONText`, whose objects are written with
/// their keys sorted, so an envelope reads the same however it was made.
enum JSONRPCMessage: Equatable, Sendable {
  /// `params`: nil when the request has none.
  case request(id: JSONText, method: String, params: JSONText?)
  /// `params`: nil when the notification has none.
  case notification(method: String, params: JSONText?)
  case response(id: JSONText, result: JSONText)
  /// `id`: null when the message it answers could not be read.
  case errorResponse(id: JSONText, code: JSONRPCErrorCode, message: String)

  /// The message `json` is: a request or a notification when it has a
  /// `method` (a string), else a response when it has an `id`; nil when it
  /// has neither (answered with `invalidRequest`). A response's error is
  /// kept only when its code is one of `JSONRPCErrorCode`; another reads
  /// as a result of null (the server never asks anything, so never reads
  /// one).
  init?(_ json: JSONText) {
    let id = json["id"]
    if let method = json["method"]?.string {
      if let id {
        self = .request(id: id, method: method, params: json["params"])
      } else {
        self = .notification(method: method, params: json["params"])
      }
      return
    }
    guard let id else { return nil }
    if let error = json["error"], let code = error["code"]?.int.flatMap(JSONRPCErrorCode.init(rawValue:)) {
      self = .errorResponse(id: id, code: code, message: error["message"]?.string ?? "")
    } else {
      self = .response(id: id, result: json["result"] ?? .null)
    }
  }

  /// The envelope as written: `jsonrpc` "2.0" and the members of its kind.
  var json: JSONText {
    var members: [String: JSONText] = ["jsonrpc": .string("2.0")]
    switch self {
    case .request(let id, let method, let params):
      members["id"] = id
      members["method"] = .string(method)
      members["params"] = params
    case .notification(let method, let params):
      members["method"] = .string(method)
      members["params"] = params
    case .response(let id, let result):
      members["id"] = id
      members["result"] = result
    case .errorResponse(let id, let code, let message):
      members["id"] = id
      members["error"] = .object(["code": .int(code.rawValue), "message": .string(message)])
    }
    return .object(members)
  }

  /// The id of a request or a response; nil for a notification.
  var id: JSONText? {
    switch self {
    case .request(let id, _, _), .response(let id, _), .errorResponse(let id, _, _): id
    case .notification: nil
    }
  }

  /// The params of a request or a notification; nil for a response, or
  /// when it has none.
  var params: JSONText? {
    switch self {
    case .request(_, _, let params), .notification(_, let params): params
    case .response, .errorResponse: nil
    }
  }

  /// The method of a request or a notification; nil for a response.
  var method: String? {
    switch self {
    case .request(_, let method, _), .notification(let method, _): method
    case .response, .errorResponse: nil
    }
  }
}

/// The notifications both the server and its supervisor write.
extension JSONRPCMessage {
  /// `window/logMessage`; `type`: 1 an error, 3 information.
  static func log(_ message: String, type: Int) -> JSONRPCMessage {
    .notification(method: "window/logMessage", params: .object(["type": .int(type), "message": .string(message)]))
  }

  /// `textDocument/publishDiagnostics`: the file's diagnostics, all of them.
  static func publishDiagnostics(uri: String, _ diagnostics: [JSONText]) -> JSONRPCMessage {
    .notification(
      method: "textDocument/publishDiagnostics",
      params: .object(["uri": .string(uri), "diagnostics": .array(diagnostics)]))
  }
}
