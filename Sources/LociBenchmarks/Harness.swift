public enum LociBenchmarksPlaceholder {}
