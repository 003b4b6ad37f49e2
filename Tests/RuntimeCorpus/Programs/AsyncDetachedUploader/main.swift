// A photo backup: uploads read the storage and the log implicitly; the
// thumbnail pass was moved into `Task.detached` for a lower priority, and
// a detached task sees none of the implicits of the scope around it.
// expect: stops

let log = await backupPhotos(["a.jpg": 1200, "b.jpg": 800])
log.lines.forEach { print($0) }
