"""秀山字牌 (麻雀福 · 黄六福 · 十八福, with 钵福 · 三六福 to come): deck, groups, calculator."""
