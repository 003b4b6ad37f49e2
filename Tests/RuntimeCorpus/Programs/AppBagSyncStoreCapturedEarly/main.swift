// A module named `App` with a type `App` that captures a bag holding the
// composition `any Clearing & Syncing`; when the app restores its tabs it
// creates the `App` object before the store it captures.
// module-name: App
// expect: stops

print(launchApp(restoreTabs: false).closeAllTabs())
print(launchApp(restoreTabs: true).closeAllTabs())
