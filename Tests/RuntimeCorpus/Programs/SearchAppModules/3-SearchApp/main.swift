// Three modules: Networking reads the HTTP client and the user agent (a
// named key it declares); Search's component reads its cache as a stored
// implicit and keeps a bag for later fetches; the app provides the
// client and the user agent, and Search provides the cache itself.
// expect: runs

let (results, client) = launchSearch()
print(results, client.log)
precondition(results.count == 6 && client.log.count == 2)
