"""The frozen articles of the offline web: news, reference pages, recipes and calendars.

Each article is written for this world in the small Markdown ``html.markdown`` renders,
under the URL it is served at (the ``articles`` site answers every host named here). Facts
that MobileWorld's tasks read are kept as the tasks expect them: the 2025 economics
laureates, the University of Florida's Spring 2026 grade deadline, the pecan pie's
flavourings, Thanksgiving 2025, the US dollar's rate in yuan and MANNER coffee's history.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Article:
    """A page of the frozen web: where it is served, its title, date and Markdown text."""

    url: str
    title: str
    published: str
    content: str


USD_CNY = 7.1186
"""The US dollar's rate in Chinese yuan on the frozen web."""

ARTICLES: tuple[Article, ...] = (
    Article(
        "https://www.nobelprize.org/prizes/economic-sciences/2025/summary/",
        "Nobel Prize in Economics 2025 - NobelPrize.org",
        "2025-10-13",
        """# The Sveriges Riksbank Prize in Economic Sciences in Memory of Alfred Nobel 2025

The prize was awarded "for having explained innovation-driven economic growth" with one half to

- **Joel Mokyr**, Northwestern University, "for having identified the prerequisites for sustained growth through technological progress"
- and the other half jointly to **Philippe Aghion**, Collège de France and INSEAD, and **Peter Howitt**, Brown University, "for the theory of sustained growth through creative destruction".

Announced on 13 October 2025 in Stockholm.""",
    ),
    Article(
        "https://news.example.com/2025/10/13/nobel-economics-2025",
        "Mokyr, Aghion and Howitt win 2025 Nobel economics prize",
        "2025-10-13",
        """# Mokyr, Aghion and Howitt win the 2025 Nobel prize in economics

Three economists who studied how innovation drives growth share this year's prize. Joel Mokyr
receives half of it; Philippe Aghion and Peter Howitt share the other half for their model of
growth through creative destruction.""",
    ),
    Article(
        "https://catalog.ufl.edu/UGRD/dates-deadlines/2025-2026/",
        "UF Academic Calendar 2025-2026",
        "2025-06-01",
        """# University of Florida Academic Calendar 2025-2026

## Spring 2026

| Event | Date |
| Classes begin | Monday, January 12, 2026 |
| Martin Luther King Jr. Day (no classes) | Monday, January 19, 2026 |
| Spring break | March 7 - March 14, 2026 |
| Classes end | Wednesday, April 22, 2026 |
| Final exams | April 25 - May 1, 2026 |
| Commencement ceremonies | April 30 - May 2, 2026 |
| Final grades due | Tuesday, May 5, 2026, 11:59 p.m. |

## Fall 2025

| Event | Date |
| Classes begin | Thursday, August 21, 2025 |
| Classes end | Wednesday, December 3, 2025 |
| Final grades due | Tuesday, December 16, 2025, 11:59 p.m. |""",
    ),
    Article(
        "https://sallysbakingaddiction.com/my-favorite-pecan-pie-recipe/",
        "My Favorite Pecan Pie Recipe - Sally's Baking Addiction",
        "2024-11-04",
        """# My Favorite Pecan Pie

A classic pecan pie with a gooey, not-too-sweet filling in a flaky butter crust.

## Ingredients

- 1 unbaked 9-inch pie crust
- 1 cup (200g) packed light or dark brown sugar
- 1/2 cup (120ml) light corn syrup
- 3 large eggs
- 1/2 cup (8 Tbsp; 113g) unsalted butter, melted
- 2 teaspoons pure vanilla extract
- 1/4 teaspoon salt
- 2 cups (200g) pecan halves

## Flavorings

The filling takes its flavour from the brown sugar, the corn syrup and the vanilla extract; the
pinch of salt balances the sweetness.

## Instructions

1. Preheat the oven to 350°F (177°C) and fit the crust into the pie dish.
2. Whisk the brown sugar, corn syrup, eggs, melted butter, vanilla and salt together.
3. Spread the pecans in the crust, pour the filling over them and bake 55-60 minutes.""",
    ),
    Article(
        "https://www.timeanddate.com/holidays/us/thanksgiving-day",
        "Thanksgiving Day 2025 in the United States",
        "2025-01-01",
        """# Thanksgiving Day in the United States

Thanksgiving Day is on the fourth Thursday of November.

| Year | Weekday | Date |
| 2024 | Thursday | November 28, 2024 |
| 2025 | Thursday | November 27, 2025 |
| 2026 | Thursday | November 26, 2026 |""",
    ),
    Article(
        "https://www.xe.com/currencyconverter/convert/?Amount=1&From=USD&To=CNY",
        "1 USD to CNY - US Dollars to Chinese Yuan Renminbi Exchange Rate",
        "2025-10-16",
        f"""# 1 US Dollar = {USD_CNY} Chinese Yuan Renminbi

Mid-market exchange rate, USD to CNY: **1 USD = {USD_CNY} CNY** (1 CNY = 0.1405 USD).

| USD | CNY |
| 1 | {USD_CNY} |
| 100 | {USD_CNY * 100:.2f} |
| 1,000 | {USD_CNY * 1000:.2f} |""",
    ),
    Article(
        "https://www.mannercoffee.com/about",
        "关于我们 | MANNER COFFEE",
        "2024-05-01",
        """# MANNER COFFEE 品牌故事

2015年，MANNER COFFEE 的第一家店在上海静安区南阳路开业，只有两平方米。

2016年，第二家店在上海徐汇区建国西路开业。

此后 MANNER 从上海走向全国，以"带杯减5元"的环保理念和平价精品咖啡闻名。

## History (English)

MANNER COFFEE opened its first two-square-metre kiosk on Nanyang Road, Jing'an, Shanghai in
2015; its second store followed on Jianguo West Road, Xuhui, in 2016.""",
    ),
    Article(
        "https://news.example.com/2025/10/14/gui-agents-phone-benchmark",
        "GUI agents learn to ask before they tap",
        "2025-10-14",
        """# GUI agents learn to ask before they tap

A new wave of GUI agent research this week: benchmarks now test whether phone-operating agents
ask their user for missing details and call external tools, and the best agents still finish
fewer than half of the long tasks. Researchers say asking the user at the right moment is the
next frontier for GUI agents.""",
    ),
    Article(
        "https://news.example.com/2025/10/12/open-gui-agent-model",
        "Open GUI agent model tops desktop and mobile leaderboards",
        "2025-10-12",
        """# Open GUI agent model tops desktop and mobile leaderboards

An open-weight GUI agent model released on Sunday leads both the OSWorld and AndroidWorld
leaderboards among open models, closing much of the gap with proprietary GUI agents.""",
    ),
    Article(
        "https://news.example.com/2025/10/10/robot-kitchen",
        "Household robots move from lab to kitchen",
        "2025-10-10",
        """# Household robots move from lab to kitchen

Robotics start-ups showed arms that load dishwashers and fold laundry at a trade fair this
week, though prices remain high.""",
    ),
    Article(
        "https://news.example.com/2025/10/09/llm-reasoning-costs",
        "Reasoning models get cheaper to run",
        "2025-10-09",
        """# Reasoning models get cheaper to run

Compressed chain-of-thought methods cut the cost of large language model reasoning by half
without losing accuracy, according to several papers published this month.""",
    ),
)
"""Every article of the frozen web."""
