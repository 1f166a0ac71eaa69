from typing import List

__version__: str

class Error(ValueError): ...

def run(args: List[str]) -> str: ...
