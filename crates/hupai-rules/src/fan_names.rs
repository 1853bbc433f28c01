//! What every regional fan table (Sichuan, Hong Kong, Guangdong, Wuhan) says about its fans'
//! names, written once: each table's `Fan` enum has `ALL` (in listing order) and a private
//! `info()` whose first three fields are the stable id, the English name and the Chinese
//! name; [`fan_names!`] derives `id`, `name`, `zh` and `from_id` from them, with the test
//! that every id is unique and `ALL` is sorted.

/// Derives the name accessors of a regional fan table's `Fan` (see the module docs).
macro_rules! fan_names {
    ($fan:ident, $example:literal) => {
        impl $fan {
            #[doc = concat!("Stable snake_case id, e.g. `", $example, "`.")]
            pub const fn id(self) -> &'static str {
                self.info().0
            }

            /// English name.
            pub const fn name(self) -> &'static str {
                self.info().1
            }

            /// Chinese name, as the table's region writes it.
            pub const fn zh(self) -> &'static str {
                self.info().2
            }

            /// The fan with this id.
            pub fn from_id(id: &str) -> Option<$fan> {
                $fan::ALL.into_iter().find(|f| f.id() == id)
            }
        }

        #[cfg(test)]
        mod fan_names {
            use super::$fan;

            #[test]
            fn ids_are_unique_and_round_trip() {
                for f in $fan::ALL {
                    assert_eq!($fan::from_id(f.id()), Some(f));
                }
                let mut sorted = $fan::ALL;
                sorted.sort();
                assert_eq!(sorted, $fan::ALL, "ALL is in listing order");
            }
        }
    };
}

pub(crate) use fan_names;
