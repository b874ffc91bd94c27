"""The benchmarks: commands that print figures (``ohhell bench engine|ai|render|memory|startup``).

They sit above every layer they measure, so the engine, the computer players and the
screens never import them.
"""
