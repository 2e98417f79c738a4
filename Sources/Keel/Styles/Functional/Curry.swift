// Generated for 1 to 20 arguments: `curry` turns a function of n arguments into n functions of one, so that
// decoded arguments can be applied one at a time (`curry(User.init) <^> a <*> b`).
//
// Functions of up to 6 arguments are curried as nested closures. Longer ones take their first 6 arguments
// that way, then bind them into a function of the rest and curry that. Nested closures copy every earlier
// argument into each new closure (quadratic in n); binding in blocks of 6 keeps the copies few while adding
// only one closure per block, which measured fastest on the twitter model.

/// Curries a function of 1 argument (it is returned as it is), so that every arity reads the same.
@inlinable public func curry<A1, Result>(_ function: @escaping (A1) -> Result) -> (A1) -> Result {
    function
}

/// Curries a function of 2 arguments: `curry(f)(a1)…(a2)` is `f(a1, …, a2)`.
@inlinable public func curry<A1, A2, Result>(_ function: @escaping (A1, A2) -> Result) -> (A1) -> (A2) -> Result {
    { a1 in { a2 in function(a1, a2) } }
}

/// Curries a function of 3 arguments: `curry(f)(a1)…(a3)` is `f(a1, …, a3)`.
@inlinable public func curry<A1, A2, A3, Result>(_ function: @escaping (A1, A2, A3) -> Result) -> (A1) -> (A2) -> (A3) -> Result {
    { a1 in { a2 in { a3 in function(a1, a2, a3) } } }
}

/// Curries a function of 4 arguments: `curry(f)(a1)…(a4)` is `f(a1, …, a4)`.
@inlinable public func curry<A1, A2, A3, A4, Result>(_ function: @escaping (A1, A2, A3, A4) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> Result {
    { a1 in { a2 in { a3 in { a4 in function(a1, a2, a3, a4) } } } }
}

/// Curries a function of 5 arguments: `curry(f)(a1)…(a5)` is `f(a1, …, a5)`.
@inlinable public func curry<A1, A2, A3, A4, A5, Result>(_ function: @escaping (A1, A2, A3, A4, A5) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in function(a1, a2, a3, a4, a5) } } } } }
}

/// Curries a function of 6 arguments: `curry(f)(a1)…(a6)` is `f(a1, …, a6)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in function(a1, a2, a3, a4, a5, a6) } } } } } }
}

/// Curries a function of 7 arguments: `curry(f)(a1)…(a7)` is `f(a1, …, a7)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7) in function(a1, a2, a3, a4, a5, a6, a7) } } } } } } }
}

/// Curries a function of 8 arguments: `curry(f)(a1)…(a8)` is `f(a1, …, a8)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8) in function(a1, a2, a3, a4, a5, a6, a7, a8) } } } } } } }
}

/// Curries a function of 9 arguments: `curry(f)(a1)…(a9)` is `f(a1, …, a9)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9) } } } } } } }
}

/// Curries a function of 10 arguments: `curry(f)(a1)…(a10)` is `f(a1, …, a10)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) } } } } } } }
}

/// Curries a function of 11 arguments: `curry(f)(a1)…(a11)` is `f(a1, …, a11)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) } } } } } } }
}

/// Curries a function of 12 arguments: `curry(f)(a1)…(a12)` is `f(a1, …, a12)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) } } } } } } }
}

/// Curries a function of 13 arguments: `curry(f)(a1)…(a13)` is `f(a1, …, a13)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) } } } } } } }
}

/// Curries a function of 14 arguments: `curry(f)(a1)…(a14)` is `f(a1, …, a14)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) } } } } } } }
}

/// Curries a function of 15 arguments: `curry(f)(a1)…(a15)` is `f(a1, …, a15)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) } } } } } } }
}

/// Curries a function of 16 arguments: `curry(f)(a1)…(a16)` is `f(a1, …, a16)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> (A16) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15, a16) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16) } } } } } } }
}

/// Curries a function of 17 arguments: `curry(f)(a1)…(a17)` is `f(a1, …, a17)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> (A16) -> (A17) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17) } } } } } } }
}

/// Curries a function of 18 arguments: `curry(f)(a1)…(a18)` is `f(a1, …, a18)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> (A16) -> (A17) -> (A18) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18) } } } } } } }
}

/// Curries a function of 19 arguments: `curry(f)(a1)…(a19)` is `f(a1, …, a19)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, A19, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, A19) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> (A16) -> (A17) -> (A18) -> (A19) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19) } } } } } } }
}

/// Curries a function of 20 arguments: `curry(f)(a1)…(a20)` is `f(a1, …, a20)`.
@inlinable public func curry<A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, A19, A20, Result>(_ function: @escaping (A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15, A16, A17, A18, A19, A20) -> Result) -> (A1) -> (A2) -> (A3) -> (A4) -> (A5) -> (A6) -> (A7) -> (A8) -> (A9) -> (A10) -> (A11) -> (A12) -> (A13) -> (A14) -> (A15) -> (A16) -> (A17) -> (A18) -> (A19) -> (A20) -> Result {
    { a1 in { a2 in { a3 in { a4 in { a5 in { a6 in curry { (a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20) in function(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20) } } } } } } }
}
