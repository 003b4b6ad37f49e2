import Implicits

func labeled(scope: ImplicitScope) {} // expected-error:14 {{The ImplicitScope parameter must be spelled '_ scope: ImplicitScope' or '_: ImplicitScope'}}

func renamed(_ context: ImplicitScope) {} // expected-error:14 {{The ImplicitScope parameter must be spelled '_ scope: ImplicitScope' or '_: ImplicitScope'}}

func twice(_ scope: ImplicitScope, _: ImplicitScope) {} // expected-error:36 {{A function takes at most one ImplicitScope parameter}}

func fine(_ scope: ImplicitScope) {}
func alsoFine(_: ImplicitScope) {}
func qualified(_ scope: Implicits.ImplicitScope) {}
