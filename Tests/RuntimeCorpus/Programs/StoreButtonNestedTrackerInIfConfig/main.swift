// A nested function that reads the analytics of its caller's scope is
// declared inside `#if DEBUG … #else … #endif` and stored as the button's
// tap handler after the `#endif`; the tap comes after the scope ended.
// expect: stops

let button = openStore()
print(button.title)
button.tap()
