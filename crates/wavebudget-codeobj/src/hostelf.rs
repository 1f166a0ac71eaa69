//! Host ELF files with `.hip_fatbin`: the section's bundles rewritten and put back.
use crate::error::{Error, Result};

pub(crate) fn rewrite_host(_bytes: &[u8], _f: &mut dyn FnMut(&[u8]) -> Result<Vec<u8>>) -> Result<Vec<u8>> {
    Err(Error::unsupported("host ELF", 0, "not yet"))
}
