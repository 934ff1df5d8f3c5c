/// Why a specifier did not resolve (located by the caller at the specifier).
struct ModuleResolutionError: Error, Sendable {
    package let message: String
}
