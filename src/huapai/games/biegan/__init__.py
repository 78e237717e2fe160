"""双别杆花牌 (赖子花牌): cards, notation and the hand calculator."""
