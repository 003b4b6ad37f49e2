// A file browser builds breadcrumbs recursively: each folder provides its
// title as the parent of its children; the root folder reads a parent
// title nobody provided.
// expect: stops

print(openDrive())
