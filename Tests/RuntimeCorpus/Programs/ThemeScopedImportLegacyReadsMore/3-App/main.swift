// The settings screen imports one declaration of Core (`import struct
// Core.Config`) and all of Legacy. `Theme(color:_:)` is Legacy's, which
// reads the old Palette; the screen provides only Core's Config.
// expect: stops

print(settingsTheme())
