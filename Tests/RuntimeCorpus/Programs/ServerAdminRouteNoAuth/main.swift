// Two sites share one router. The intranet provides the AuthService the
// admin panel reads; the public site does not, and a request to /admin on
// it reaches the panel.
// expect: stops

print(serveIntranet([Request(path: "/admin", user: "root"), Request(path: "/admin", user: "eve"), Request(path: "/", user: "eve")]))
print(servePublicSite([Request(path: "/", user: "eve"), Request(path: "/news", user: "eve")]))
print(servePublicSite([Request(path: "/admin/users", user: "eve")]))
