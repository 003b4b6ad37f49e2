// A profile screen built from a component that reads Analytics as a
// stored implicit; the launch code provides Analytics only after it built
// the component.
// expect: stops

print(showHeaderOnly())
print(showProfile())
