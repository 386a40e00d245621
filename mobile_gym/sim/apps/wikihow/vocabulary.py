"""Word lists and sentence templates from which the WikiHow corpus is generated.

Everything here is plain Python data. A *leaf category* names the things its articles are
about (actions, each a verb with the objects it fits), the tools and supplies those articles
use, and a *style* that picks the step, tip, warning and question templates: ``hands_on``
(physical work), ``digital`` (phones, computers, accounts) or ``personal`` (people, feelings,
money and study habits).

Template slots, filled once per article so that an article stays about one thing:
``{verb}`` / ``{gerund}`` (lower case), ``{obj}`` (the object with "the"), ``{obj_bare}``
(without a determiner), ``{tool}`` / ``{tool2}``, ``{supply}`` / ``{supply2}``, ``{place}``,
``{helper}`` (a person who can help), ``{minutes}``, ``{days}``, ``{field}`` (the category's
name in lower case).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LeafVocabulary:
    """The words of one leaf category."""

    name: str
    parent: str
    style: str
    description: str
    actions: tuple[tuple[str, str, tuple[str, ...]], ...]  # (Verb, Gerund, objects)
    qualifiers: tuple[str, ...]
    tools: tuple[str, ...]
    supplies: tuple[str, ...]
    places: tuple[str, ...]
    helpers: tuple[str, ...]
    credentials: tuple[tuple[str, str], ...]  # (suffix after the name, what it means)


PARENTS: tuple[tuple[str, str], ...] = (
    ("Home and Garden", "Keeping a home clean, safe, repaired and growing."),
    ("Food and Entertaining", "Cooking, baking and drinks for every day and for guests."),
    ("Computers and Electronics", "Accounts, phones, computers and the internet."),
    ("Health", "Body and mind, from sleep to stress."),
    ("Sports and Fitness", "Training, tricks and staying active."),
    ("Personal Care and Style", "Skin, hair and makeup routines."),
    ("Relationships", "Friends, family and the people around you."),
    ("Finance and Business", "Money, property and planning ahead."),
    ("Education and Communications", "Writing, studying and getting a message across."),
    ("Pets and Animals", "Caring for the animals you live with."),
    ("Hobbies and Crafts", "Making things by hand and learning new skills."),
    ("Cars and Other Vehicles", "Looking after cars and getting around."),
    ("Travel", "Planning trips and staying in touch abroad."),
)

LEAVES: tuple[LeafVocabulary, ...] = (
    LeafVocabulary(
        name="Kitchen Cleaning",
        parent="Home and Garden",
        style="hands_on",
        description="Getting pans, appliances and counters spotless without damaging them.",
        actions=(
            (
                "Clean",
                "Cleaning",
                (
                    "a cast iron skillet",
                    "a stainless steel pot",
                    "a microwave",
                    "an oven rack",
                    "a blender",
                    "a toaster",
                    "a cutting board",
                    "a stovetop",
                    "a dishwasher filter",
                    "a range hood",
                ),
            ),
            (
                "Descale",
                "Descaling",
                ("an electric kettle", "a coffee maker", "an espresso machine", "a steam iron"),
            ),
            (
                "Deodorize",
                "Deodorizing",
                ("a refrigerator", "a garbage disposal", "a lunch box", "a kitchen sponge"),
            ),
        ),
        qualifiers=(
            "with Baking Soda",
            "Without Scratching It",
            "Naturally",
            "Quickly",
            "Without Harsh Chemicals",
        ),
        tools=(
            "a soft sponge",
            "a microfiber cloth",
            "a nylon scrub brush",
            "a plastic scraper",
            "a spray bottle",
        ),
        supplies=("baking soda", "white vinegar", "mild dish soap", "warm water", "lemon juice"),
        places=("the sink", "a clear counter", "a well-ventilated kitchen"),
        helpers=("a professional cleaner", "the manufacturer's support line"),
        credentials=(("Cleaning Specialist", "a professional house cleaner"),),
    ),
    LeafVocabulary(
        name="Lighting",
        parent="Home and Garden",
        style="hands_on",
        description="Bulbs, fixtures and switches, fitted and fixed safely.",
        actions=(
            (
                "Replace",
                "Replacing",
                (
                    "a ceiling light fixture",
                    "a fluorescent tube",
                    "a halogen bulb",
                    "a porch light",
                    "a dimmer switch",
                    "a light socket",
                ),
            ),
            (
                "Install",
                "Installing",
                (
                    "under-cabinet lights",
                    "a pendant light",
                    "a motion sensor light",
                    "LED strip lights",
                    "a track light",
                    "a smart bulb",
                ),
            ),
            (
                "Fix",
                "Fixing",
                (
                    "a flickering light",
                    "a light that hums",
                    "a stuck light bulb",
                    "a loose light switch",
                ),
            ),
        ),
        qualifiers=(
            "Safely",
            "Without an Electrician",
            "in an Old House",
            "on a High Ceiling",
            "for Beginners",
        ),
        tools=(
            "a sturdy step ladder",
            "a voltage tester",
            "a screwdriver",
            "rubber gloves",
            "a flashlight",
        ),
        supplies=(
            "a replacement bulb",
            "wire nuts",
            "electrical tape",
            "mounting screws",
            "a new cover plate",
        ),
        places=("the breaker panel", "a well-lit workspace", "the room below the fixture"),
        helpers=("a licensed electrician", "a hardware store clerk"),
        credentials=(("Licensed Electrician", "a licensed electrician"),),
    ),
    LeafVocabulary(
        name="Gardening",
        parent="Home and Garden",
        style="hands_on",
        description="Growing vegetables, flowers and houseplants that thrive.",
        actions=(
            (
                "Grow",
                "Growing",
                (
                    "tomatoes in pots",
                    "basil indoors",
                    "strawberries",
                    "garlic",
                    "sunflowers",
                    "potatoes in a bag",
                    "lavender",
                    "peppers",
                ),
            ),
            (
                "Prune",
                "Pruning",
                (
                    "a rose bush",
                    "a hydrangea",
                    "an apple tree",
                    "a tomato plant",
                    "a boxwood hedge",
                ),
            ),
            (
                "Repot",
                "Repotting",
                ("a snake plant", "an orchid", "a fiddle leaf fig", "a cactus", "a peace lily"),
            ),
        ),
        qualifiers=(
            "for Beginners",
            "in Small Spaces",
            "Organically",
            "in Cold Climates",
            "on a Balcony",
        ),
        tools=(
            "a hand trowel",
            "sharp pruning shears",
            "a watering can",
            "garden gloves",
            "a clean pot with drainage holes",
        ),
        supplies=(
            "fresh potting mix",
            "compost",
            "slow-release fertilizer",
            "mulch",
            "garden twine",
        ),
        places=("a sunny window", "a bright balcony", "a raised bed"),
        helpers=("a local nursery", "a master gardener"),
        credentials=(("Master Gardener", "a certified master gardener"),),
    ),
    LeafVocabulary(
        name="Laundry",
        parent="Home and Garden",
        style="hands_on",
        description="Washing, drying and caring for clothes and linens.",
        actions=(
            (
                "Wash",
                "Washing",
                (
                    "a wool sweater",
                    "a down jacket",
                    "silk pajamas",
                    "running shoes",
                    "a weighted blanket",
                    "a baseball cap",
                    "bed pillows",
                ),
            ),
            (
                "Remove",
                "Removing",
                (
                    "grass stains",
                    "red wine stains",
                    "sweat stains",
                    "ink from a shirt",
                    "grease stains",
                    "candle wax from fabric",
                ),
            ),
            (
                "Whiten",
                "Whitening",
                ("white socks", "yellowed sheets", "white sneakers", "dingy towels"),
            ),
        ),
        qualifiers=("by Hand", "Without Bleach", "in a Washing Machine", "Naturally", "at Home"),
        tools=(
            "a mesh laundry bag",
            "a soft-bristled brush",
            "a clean towel",
            "a drying rack",
            "a large basin",
        ),
        supplies=(
            "gentle detergent",
            "oxygen bleach",
            "cold water",
            "stain remover",
            "white vinegar",
        ),
        places=("the laundry room", "a bathtub", "a shady clothesline"),
        helpers=("a dry cleaner", "a fabric care specialist"),
        credentials=(("Laundry Specialist", "a professional garment care specialist"),),
    ),
    LeafVocabulary(
        name="Baking",
        parent="Food and Entertaining",
        style="hands_on",
        description="Breads, cakes and cookies that turn out right the first time.",
        actions=(
            (
                "Bake",
                "Baking",
                (
                    "banana bread",
                    "sourdough bread",
                    "chocolate chip cookies",
                    "a sponge cake",
                    "cinnamon rolls",
                    "blueberry muffins",
                    "focaccia",
                    "a cheesecake",
                    "brownies",
                ),
            ),
            (
                "Make",
                "Making",
                (
                    "pie crust",
                    "buttercream frosting",
                    "pizza dough",
                    "shortbread",
                    "scones",
                    "a fruit tart",
                ),
            ),
            (
                "Decorate",
                "Decorating",
                ("cupcakes", "sugar cookies", "a birthday cake", "a gingerbread house"),
            ),
        ),
        qualifiers=(
            "Like a Pro",
            "from Scratch",
            "for Beginners",
            "Without a Mixer",
            "for a Party",
        ),
        tools=(
            "a mixing bowl",
            "a whisk",
            "a baking sheet",
            "measuring cups",
            "a wire cooling rack",
        ),
        supplies=(
            "all-purpose flour",
            "unsalted butter",
            "granulated sugar",
            "baking powder",
            "parchment paper",
        ),
        places=("a preheated oven", "a floured counter", "a cool corner of the kitchen"),
        helpers=("an experienced baker", "a pastry chef"),
        credentials=(
            ("Professional Baker", "a professional baker"),
            ("Pastry Chef", "a trained pastry chef"),
        ),
    ),
    LeafVocabulary(
        name="Cooking Basics",
        parent="Food and Entertaining",
        style="hands_on",
        description="Everyday techniques every home cook can learn.",
        actions=(
            (
                "Cook",
                "Cooking",
                (
                    "brown rice",
                    "quinoa",
                    "a steak",
                    "salmon fillets",
                    "dried beans",
                    "scrambled eggs",
                    "lentils",
                    "broccoli",
                ),
            ),
            (
                "Roast",
                "Roasting",
                ("a whole chicken", "root vegetables", "garlic", "chickpeas", "pumpkin seeds"),
            ),
            (
                "Chop",
                "Chopping",
                ("an onion", "fresh herbs", "a butternut squash", "a mango", "a pineapple"),
            ),
        ),
        qualifiers=("Like a Chef", "for Beginners", "Quickly", "the Easy Way", "for Meal Prep"),
        tools=(
            "a sharp chef's knife",
            "a heavy skillet",
            "a sheet pan",
            "a sturdy cutting board",
            "a meat thermometer",
        ),
        supplies=(
            "olive oil",
            "kosher salt",
            "freshly ground pepper",
            "fresh garlic",
            "a squeeze of lemon",
        ),
        places=("a clean counter", "the stovetop", "a hot oven"),
        helpers=("a cooking instructor", "an experienced home cook"),
        credentials=(("Professional Chef", "a professional chef"),),
    ),
    LeafVocabulary(
        name="Coffee and Tea",
        parent="Food and Entertaining",
        style="hands_on",
        description="Brewing better coffee and tea at home.",
        actions=(
            (
                "Brew",
                "Brewing",
                (
                    "pour-over coffee",
                    "cold brew coffee",
                    "green tea",
                    "loose leaf tea",
                    "chai",
                    "French press coffee",
                    "oolong tea",
                ),
            ),
            (
                "Make",
                "Making",
                (
                    "iced coffee",
                    "a latte without a machine",
                    "matcha",
                    "a cappuccino",
                    "sweet tea",
                    "Turkish coffee",
                ),
            ),
            (
                "Clean",
                "Cleaning",
                ("a French press", "a tea kettle", "a coffee grinder", "a moka pot"),
            ),
        ),
        qualifiers=("at Home", "Every Morning", "for Beginners", "the Easy Way", "Like a Barista"),
        tools=(
            "a kettle",
            "a burr grinder",
            "a fine mesh strainer",
            "a kitchen scale",
            "a sturdy mug",
        ),
        supplies=(
            "freshly roasted beans",
            "filtered water",
            "whole milk",
            "loose tea leaves",
            "a pinch of sugar",
        ),
        places=("a tidy counter", "a quiet morning kitchen", "the sink"),
        helpers=("a barista", "a tea shop owner"),
        credentials=(("Barista", "a professional barista"),),
    ),
    LeafVocabulary(
        name="Email",
        parent="Computers and Electronics",
        style="digital",
        description="Setting up, organizing and securing your email accounts.",
        actions=(
            (
                "Change",
                "Changing",
                (
                    "your Gmail password",
                    "your Outlook display name",
                    "your email signature",
                    "your recovery email",
                    "your email profile picture",
                ),
            ),
            (
                "Set Up",
                "Setting Up",
                (
                    "email forwarding",
                    "an out-of-office reply",
                    "a shared mailbox",
                    "email filters",
                    "two-step verification for email",
                ),
            ),
            (
                "Delete",
                "Deleting",
                (
                    "old emails in bulk",
                    "a Yahoo Mail folder",
                    "spam messages",
                    "an unused email account",
                ),
            ),
        ),
        qualifiers=(
            "on Android",
            "on an iPhone",
            "on a Computer",
            "in a Few Minutes",
            "Step by Step",
        ),
        tools=("a web browser", "the mail app", "a laptop", "your phone", "a password manager"),
        supplies=(
            "your current password",
            "a stable internet connection",
            "your recovery phone number",
            "a few minutes of quiet time",
            "access to your account settings",
        ),
        places=("the Settings menu", "your account page", "the inbox sidebar"),
        helpers=("the provider's help center", "a tech-savvy friend"),
        credentials=(("IT Support Specialist", "an IT support specialist"),),
    ),
    LeafVocabulary(
        name="Telephones",
        parent="Computers and Electronics",
        style="digital",
        description="Calling, voicemail and phone plans, at home and across borders.",
        actions=(
            (
                "Call",
                "Calling",
                (
                    "Japan from Canada",
                    "Germany from the United States",
                    "Mexico from the United Kingdom",
                    "Australia from the United States",
                    "India from Canada",
                    "Brazil from the United States",
                    "Italy from Australia",
                ),
            ),
            (
                "Set Up",
                "Setting Up",
                (
                    "voicemail",
                    "call forwarding",
                    "a conference call",
                    "Wi-Fi calling",
                    "a second phone line",
                ),
            ),
            (
                "Block",
                "Blocking",
                ("unknown callers", "robocalls", "a private number", "spam texts"),
            ),
        ),
        qualifiers=(
            "for Free",
            "from a Cell Phone",
            "from a Landline",
            "Without Extra Fees",
            "on a Prepaid Plan",
        ),
        tools=(
            "your phone",
            "the dialer app",
            "a calling card",
            "a calling app",
            "your carrier's website",
        ),
        supplies=(
            "the country code",
            "the full local number",
            "an international calling plan",
            "a strong signal",
            "the exit code",
        ),
        places=("the phone's keypad", "your carrier account", "the call settings"),
        helpers=("your carrier's support team", "an operator"),
        credentials=(("Telecom Specialist", "a telecommunications specialist"),),
    ),
    LeafVocabulary(
        name="Smartphones",
        parent="Computers and Electronics",
        style="digital",
        description="Getting more out of the phone in your pocket.",
        actions=(
            (
                "Back Up",
                "Backing Up",
                (
                    "your phone's photos",
                    "your contacts",
                    "your text messages",
                    "an Android phone",
                    "your WhatsApp chats",
                ),
            ),
            (
                "Free Up",
                "Freeing Up",
                ("storage on your phone", "space in your photo library", "memory on an old phone"),
            ),
            (
                "Reset",
                "Resetting",
                (
                    "an Android phone",
                    "your network settings",
                    "a frozen phone",
                    "app permissions",
                    "your home screen layout",
                ),
            ),
        ),
        qualifiers=(
            "Without a Computer",
            "on Android",
            "on an iPhone",
            "Without Losing Data",
            "Quickly",
        ),
        tools=(
            "your phone",
            "a charging cable",
            "the Settings app",
            "a computer",
            "a cloud storage account",
        ),
        supplies=(
            "a full battery",
            "a Wi-Fi connection",
            "your account password",
            "enough free storage",
            "a recent backup",
        ),
        places=("the Settings app", "the home screen", "the notification shade"),
        helpers=("the manufacturer's support team", "a phone repair shop"),
        credentials=(("Mobile Device Technician", "a mobile device repair technician"),),
    ),
    LeafVocabulary(
        name="Emotional Health",
        parent="Health",
        style="personal",
        description="Understanding feelings and building resilience.",
        actions=(
            (
                "Deal With",
                "Dealing With",
                (
                    "anxiety",
                    "loneliness",
                    "stress at work",
                    "a panic attack",
                    "jealousy",
                    "grief",
                    "disappointment",
                ),
            ),
            (
                "Build",
                "Building",
                (
                    "self-confidence",
                    "emotional resilience",
                    "a daily self-care routine",
                    "healthy boundaries",
                    "self-esteem",
                ),
            ),
            (
                "Stop",
                "Stopping",
                (
                    "overthinking",
                    "negative self-talk",
                    "comparing yourself to others",
                    "worrying about the future",
                ),
            ),
        ),
        qualifiers=(
            "as a Teen",
            "Every Day",
            "One Day at a Time",
            "in a Healthy Way",
            "When You Feel Stuck",
        ),
        tools=("a journal", "a calm playlist", "a breathing exercise", "a notebook", "a calendar"),
        supplies=(
            "ten quiet minutes",
            "a support network",
            "a list of coping ideas",
            "regular sleep",
            "patience with yourself",
        ),
        places=("a quiet room", "a favorite walking path", "a comfortable chair"),
        helpers=("a licensed therapist", "a trusted friend", "a school counselor"),
        credentials=(
            ("LPC, MS", "a licensed professional counselor"),
            ("PsyD", "a clinical psychologist"),
            ("LCSW", "a licensed clinical social worker"),
        ),
    ),
    LeafVocabulary(
        name="Sleep",
        parent="Health",
        style="personal",
        description="Falling asleep faster and waking up rested.",
        actions=(
            (
                "Fix",
                "Fixing",
                (
                    "your sleep schedule",
                    "a habit of snoozing the alarm",
                    "a restless night routine",
                    "a late bedtime",
                ),
            ),
            (
                "Create",
                "Creating",
                (
                    "a bedtime routine",
                    "a relaxing sleep space",
                    "a nap schedule",
                    "a wind-down ritual",
                    "a morning wake-up routine",
                ),
            ),
            (
                "Overcome",
                "Overcoming",
                (
                    "insomnia",
                    "nighttime anxiety",
                    "jet lag",
                    "afternoon sleepiness",
                    "sleep talking",
                ),
            ),
        ),
        qualifiers=(
            "Naturally",
            "in One Week",
            "as a Student",
            "Without Pills",
            "After a Night Shift",
        ),
        tools=(
            "an eye mask",
            "earplugs",
            "a sleep diary",
            "a sunrise alarm clock",
            "blackout curtains",
        ),
        supplies=(
            "a consistent bedtime",
            "a cool bedroom",
            "caffeine-free evenings",
            "a wind-down routine",
            "morning daylight",
        ),
        places=("a dark bedroom", "a comfortable bed", "a quiet corner"),
        helpers=("a sleep specialist", "your doctor"),
        credentials=(
            ("MD", "a board-certified sleep physician"),
            ("RPSGT", "a registered sleep technologist"),
        ),
    ),
    LeafVocabulary(
        name="Personal Fitness",
        parent="Sports and Fitness",
        style="hands_on",
        description="Strength, mobility and cardio routines you can stick with.",
        actions=(
            (
                "Do",
                "Doing",
                (
                    "a proper push-up",
                    "a plank",
                    "kettlebell swings",
                    "walking lunges",
                    "a pull-up",
                    "burpees",
                    "goblet squats",
                ),
            ),
            (
                "Use",
                "Using",
                (
                    "resistance bands",
                    "a rowing machine",
                    "an exercise ball",
                    "a jump rope",
                    "an ab wheel",
                ),
            ),
            (
                "Stretch",
                "Stretching",
                (
                    "your hamstrings",
                    "your hip flexors",
                    "your lower back",
                    "your shoulders",
                    "your calves",
                ),
            ),
        ),
        qualifiers=("at Home", "for Beginners", "Without Equipment", "After a Workout", "Safely"),
        tools=("an exercise mat", "a water bottle", "a timer", "supportive shoes", "a mirror"),
        supplies=(
            "a proper warm-up",
            "ten minutes of free time",
            "comfortable workout clothes",
            "a steady breathing rhythm",
            "a rest day",
        ),
        places=("a clear patch of floor", "a quiet corner of the gym", "your living room"),
        helpers=("a certified personal trainer", "a physical therapist"),
        credentials=(
            ("CPT", "a certified personal trainer"),
            ("DPT", "a doctor of physical therapy"),
        ),
    ),
    LeafVocabulary(
        name="Scooters and Skateboards",
        parent="Sports and Fitness",
        style="hands_on",
        description="Tricks, safety and upkeep for boards and kick scooters.",
        actions=(
            (
                "Do",
                "Doing",
                (
                    "a tail whip on a scooter",
                    "a bunny hop on a scooter",
                    "an ollie",
                    "a kickflip",
                    "a manual on a skateboard",
                    "a bar spin",
                ),
            ),
            (
                "Ride",
                "Riding",
                ("a kick scooter", "a longboard", "an electric scooter", "a skateboard downhill"),
            ),
            (
                "Maintain",
                "Maintaining",
                ("scooter wheels", "skateboard bearings", "scooter brakes", "grip tape"),
            ),
        ),
        qualifiers=("for Beginners", "at Home", "Safely", "on Flat Ground", "Like a Pro"),
        tools=(
            "a helmet",
            "knee pads",
            "a skate tool",
            "wrist guards",
            "a kick scooter with a sturdy deck",
        ),
        supplies=(
            "smooth pavement",
            "plenty of practice time",
            "good balance",
            "grippy skate shoes",
            "bearing lubricant",
        ),
        places=("an empty parking lot", "a skatepark", "a smooth driveway"),
        helpers=("a skatepark coach", "an experienced rider"),
        credentials=(("Skate Coach", "a certified skateboarding coach"),),
    ),
    LeafVocabulary(
        name="Makeup",
        parent="Personal Care and Style",
        style="hands_on",
        description="Applying and removing makeup that suits you.",
        actions=(
            (
                "Apply",
                "Applying",
                (
                    "liquid foundation",
                    "a tinted moisturizer",
                    "cream blush",
                    "liquid eyeliner",
                    "concealer",
                    "setting powder",
                    "false eyelashes",
                    "bronzer",
                ),
            ),
            (
                "Choose",
                "Choosing",
                (
                    "a foundation shade",
                    "a lipstick color",
                    "an eyeshadow palette",
                    "a makeup primer",
                ),
            ),
            (
                "Remove",
                "Removing",
                ("waterproof mascara", "long-wear lipstick", "glitter eyeshadow", "stage makeup"),
            ),
        ),
        qualifiers=(
            "for Beginners",
            "for Oily Skin",
            "for Dry Skin",
            "Naturally",
            "Without Brushes",
        ),
        tools=(
            "a damp makeup sponge",
            "a fluffy brush",
            "clean fingertips",
            "a well-lit mirror",
            "cotton pads",
        ),
        supplies=(
            "a gentle cleanser",
            "moisturizer",
            "sunscreen",
            "micellar water",
            "a setting spray",
        ),
        places=("a bathroom mirror", "natural daylight by a window", "a vanity"),
        helpers=("a makeup artist", "a dermatologist"),
        credentials=(
            ("Makeup Artist", "a professional makeup artist"),
            ("Licensed Esthetician", "a licensed esthetician"),
        ),
    ),
    LeafVocabulary(
        name="Hair Care",
        parent="Personal Care and Style",
        style="hands_on",
        description="Washing, styling and protecting every hair type.",
        actions=(
            (
                "Curl",
                "Curling",
                (
                    "short hair",
                    "your hair with a flat iron",
                    "hair without heat",
                    "long hair with a wand",
                ),
            ),
            (
                "Wash",
                "Washing",
                (
                    "curly hair",
                    "hair extensions",
                    "your hair without shampoo",
                    "fine hair",
                    "a wig",
                ),
            ),
            (
                "Braid",
                "Braiding",
                ("your own hair", "short hair", "a child's hair", "wet hair", "curly hair"),
            ),
        ),
        qualifiers=("for Beginners", "at Home", "Without Damage", "Neatly", "in Five Minutes"),
        tools=(
            "a wide-tooth comb",
            "hair clips",
            "a microfiber towel",
            "a spray bottle",
            "a soft hair tie",
        ),
        supplies=(
            "a sulfate-free shampoo",
            "a leave-in conditioner",
            "a heat protectant",
            "hair oil",
            "a light styling cream",
        ),
        places=("a bathroom mirror", "the shower", "a comfortable chair"),
        helpers=("a hairstylist", "a trichologist"),
        credentials=(("Master Hairstylist", "a master hairstylist"),),
    ),
    LeafVocabulary(
        name="Friendships",
        parent="Relationships",
        style="personal",
        description="Making, keeping and mending friendships.",
        actions=(
            (
                "Make",
                "Making",
                (
                    "friends in a new city",
                    "friends at work",
                    "friends as an adult",
                    "friends online",
                    "friends in college",
                ),
            ),
            (
                "Support",
                "Supporting",
                (
                    "a grieving friend",
                    "a friend with depression",
                    "a friend going through a breakup",
                    "a friend who lost a job",
                ),
            ),
            (
                "Apologize to",
                "Apologizing to",
                ("a close friend", "a friend you hurt", "an old friend", "a roommate"),
            ),
        ),
        qualifiers=(
            "When You Are Shy",
            "Without Being Awkward",
            "over Text",
            "Sincerely",
            "After a Long Time",
        ),
        tools=(
            "a thoughtful message",
            "a shared calendar",
            "a small gift",
            "a phone call",
            "a handwritten note",
        ),
        supplies=(
            "honest words",
            "patience",
            "a little free time",
            "good listening",
            "a sense of humor",
        ),
        places=("a quiet cafe", "a park bench", "a private conversation"),
        helpers=("a mutual friend", "a counselor"),
        credentials=(
            ("LPC, MS", "a licensed professional counselor"),
            ("LMFT", "a licensed marriage and family therapist"),
        ),
    ),
    LeafVocabulary(
        name="Family",
        parent="Relationships",
        style="personal",
        description="Getting along with parents, siblings and children.",
        actions=(
            (
                "Talk to",
                "Talking to",
                (
                    "your parents about money",
                    "a teenager about screen time",
                    "your siblings about an inheritance",
                    "your kids about divorce",
                    "your grandparents about their past",
                ),
            ),
            (
                "Plan",
                "Planning",
                (
                    "a family reunion",
                    "a family game night",
                    "a surprise party for your mom",
                    "a weekly family meeting",
                ),
            ),
            (
                "Get Along With",
                "Getting Along With",
                ("your in-laws", "a stepparent", "an older sibling", "a difficult relative"),
            ),
        ),
        qualifiers=(
            "Calmly",
            "Without Arguing",
            "on a Budget",
            "for the First Time",
            "During the Holidays",
        ),
        tools=(
            "a shared calendar",
            "a family group chat",
            "a written agenda",
            "a quiet evening",
            "a photo album",
        ),
        supplies=(
            "a calm tone",
            "clear expectations",
            "a little humor",
            "time set aside",
            "an open mind",
        ),
        places=("the kitchen table", "a neutral place", "a quiet walk"),
        helpers=("a family therapist", "a trusted relative"),
        credentials=(("LMFT", "a licensed marriage and family therapist"),),
    ),
    LeafVocabulary(
        name="Real Estate",
        parent="Finance and Business",
        style="personal",
        description="Renting, buying and selling homes with confidence.",
        actions=(
            (
                "Buy",
                "Buying",
                (
                    "a house with bad credit",
                    "a condo",
                    "a vacation home",
                    "a fixer-upper",
                    "land to build on",
                    "a townhouse",
                ),
            ),
            (
                "Rent",
                "Renting",
                (
                    "an apartment without a cosigner",
                    "a room in a shared house",
                    "a house with pets",
                    "a studio apartment",
                ),
            ),
            (
                "Sell",
                "Selling",
                (
                    "a house by owner",
                    "an inherited property",
                    "a home that needs repairs",
                    "a condo",
                ),
            ),
        ),
        qualifiers=(
            "as a First-Time Buyer",
            "in a Hot Market",
            "Without an Agent",
            "on One Income",
            "Step by Step",
        ),
        tools=(
            "a monthly budget spreadsheet",
            "a mortgage calculator",
            "a folder for documents",
            "a checklist of questions",
            "a listing website",
        ),
        supplies=(
            "a recent credit report",
            "proof of income",
            "a savings cushion",
            "a preapproval letter",
            "copies of your tax returns",
        ),
        places=("a local bank", "the property itself", "a title office"),
        helpers=("a real estate agent", "a mortgage broker", "a real estate attorney"),
        credentials=(
            ("Licensed Realtor", "a licensed real estate agent"),
            ("CFP", "a certified financial planner"),
        ),
    ),
    LeafVocabulary(
        name="Budgeting",
        parent="Finance and Business",
        style="personal",
        description="Spending plans, savings and staying out of debt.",
        actions=(
            (
                "Save",
                "Saving",
                (
                    "money on groceries",
                    "for a vacation",
                    "an emergency fund",
                    "money on a low income",
                    "for a down payment",
                ),
            ),
            (
                "Pay Off",
                "Paying Off",
                ("credit card debt", "student loans", "a car loan", "medical bills"),
            ),
            (
                "Make",
                "Making",
                (
                    "a monthly budget",
                    "a budget as a couple",
                    "a zero-based budget",
                    "a budget for college",
                ),
            ),
        ),
        qualifiers=(
            "Fast",
            "on a Tight Income",
            "Without Feeling Deprived",
            "as a Student",
            "Step by Step",
        ),
        tools=(
            "a budgeting app",
            "a spreadsheet",
            "a notebook",
            "your bank statements",
            "a calculator",
        ),
        supplies=(
            "a clear savings goal",
            "three months of receipts",
            "a list of fixed expenses",
            "an automatic transfer",
            "a spending limit",
        ),
        places=("your banking app", "a quiet desk", "the kitchen table"),
        helpers=("a financial counselor", "a certified financial planner"),
        credentials=(
            ("CFP", "a certified financial planner"),
            ("CPA", "a certified public accountant"),
        ),
    ),
    LeafVocabulary(
        name="Letter Writing",
        parent="Education and Communications",
        style="hands_on",
        description="Writing, addressing and sending letters that arrive.",
        actions=(
            (
                "Write",
                "Writing",
                (
                    "a thank-you letter",
                    "a letter of complaint",
                    "a condolence letter",
                    "a letter to a pen pal",
                    "a formal business letter",
                    "a letter to your future self",
                ),
            ),
            (
                "Address",
                "Addressing",
                (
                    "an envelope to Canada",
                    "a wedding invitation",
                    "a letter to a company",
                    "a postcard to Australia",
                    "a letter to Germany",
                ),
            ),
            (
                "Mail",
                "Mailing",
                (
                    "a package overseas",
                    "a letter without a stamp",
                    "a certified letter",
                    "a large envelope",
                ),
            ),
        ),
        qualifiers=("Correctly", "by Hand", "for the First Time", "the Right Way", "Quickly"),
        tools=(
            "a pen with dark ink",
            "a clean envelope",
            "a ruler",
            "a postal scale",
            "good stationery",
        ),
        supplies=(
            "the correct postage",
            "the recipient's full address",
            "a return address",
            "a stamp",
            "a customs form",
        ),
        places=("a post office", "a flat desk", "a mailbox"),
        helpers=("a postal clerk", "an editor"),
        credentials=(("MA", "a writing instructor with a master's degree in English"),),
    ),
    LeafVocabulary(
        name="Studying",
        parent="Education and Communications",
        style="personal",
        description="Learning faster and doing well on tests.",
        actions=(
            (
                "Prepare for",
                "Preparing for",
                (
                    "a math test",
                    "final exams",
                    "a history exam",
                    "the SAT",
                    "an oral exam",
                    "a spelling bee",
                ),
            ),
            (
                "Learn",
                "Learning",
                ("a foreign language", "multiplication tables", "touch typing", "music theory"),
            ),
            (
                "Take",
                "Taking",
                (
                    "better notes",
                    "an open-book exam",
                    "notes from a textbook",
                    "a timed essay exam",
                ),
            ),
            (
                "Memorize",
                "Memorizing",
                ("a speech", "vocabulary words", "the periodic table", "a poem"),
            ),
        ),
        qualifiers=(
            "in One Night",
            "Effectively",
            "Without Getting Distracted",
            "as an Adult Learner",
            "in a Week",
        ),
        tools=("a set of flashcards", "a planner", "highlighters", "a timer", "a quiet desk lamp"),
        supplies=(
            "a study schedule",
            "past practice questions",
            "regular breaks",
            "a good night's sleep",
            "a glass of water",
        ),
        places=("a library", "a tidy desk", "a quiet room"),
        helpers=("a tutor", "a study group", "your teacher"),
        credentials=(("MEd", "an educator with a master's degree in education"),),
    ),
    LeafVocabulary(
        name="Dogs",
        parent="Pets and Animals",
        style="hands_on",
        description="Training, grooming and caring for dogs.",
        actions=(
            (
                "Train",
                "Training",
                (
                    "a puppy to sit",
                    "a dog to walk on a leash",
                    "a dog to come when called",
                    "a puppy to use a crate",
                    "a dog to stop barking",
                ),
            ),
            (
                "Groom",
                "Grooming",
                ("a long-haired dog", "a poodle", "a dog's paws", "a nervous dog"),
            ),
            (
                "Bathe",
                "Bathing",
                ("a puppy", "a large dog", "a dog that hates water", "a senior dog"),
            ),
        ),
        qualifiers=("at Home", "in a Week", "Calmly", "Gently", "for First-Time Owners"),
        tools=("a short leash", "a slicker brush", "a treat pouch", "a clicker", "a non-slip mat"),
        supplies=(
            "small soft treats",
            "dog shampoo",
            "lukewarm water",
            "a favorite toy",
            "a towel",
        ),
        places=("a quiet yard", "the bathtub", "a calm room"),
        helpers=("a veterinarian", "a certified dog trainer"),
        credentials=(
            ("DVM", "a doctor of veterinary medicine"),
            ("CPDT-KA", "a certified professional dog trainer"),
        ),
    ),
    LeafVocabulary(
        name="Knitting",
        parent="Hobbies and Crafts",
        style="hands_on",
        description="Knitting and crochet, from a first row to a finished piece.",
        actions=(
            (
                "Knit",
                "Knitting",
                ("a scarf", "a beanie", "a dishcloth", "mittens", "a baby blanket", "socks"),
            ),
            (
                "Cast On",
                "Casting On",
                ("stitches", "with the long-tail method", "in the middle of a row"),
            ),
            (
                "Fix",
                "Fixing",
                ("a dropped stitch", "a twisted stitch", "a hole in a sweater", "uneven tension"),
            ),
        ),
        qualifiers=(
            "for Beginners",
            "on Circular Needles",
            "Without a Pattern",
            "Quickly",
            "Neatly",
        ),
        tools=(
            "a pair of knitting needles",
            "a tapestry needle",
            "stitch markers",
            "small scissors",
            "a row counter",
        ),
        supplies=(
            "worsted-weight yarn",
            "a spare ball of yarn",
            "a simple pattern",
            "good light",
            "a little patience",
        ),
        places=("a comfortable armchair", "a well-lit table", "a knitting circle"),
        helpers=("a yarn shop owner", "an experienced knitter"),
        credentials=(("Knitting Instructor", "a certified knitting instructor"),),
    ),
    LeafVocabulary(
        name="Car Maintenance",
        parent="Cars and Other Vehicles",
        style="hands_on",
        description="Routine checks and small repairs you can do yourself.",
        actions=(
            (
                "Change",
                "Changing",
                (
                    "a flat tire",
                    "your car's oil",
                    "windshield wipers",
                    "a car battery",
                    "a headlight bulb",
                    "an engine air filter",
                ),
            ),
            (
                "Check",
                "Checking",
                ("your tire pressure", "brake fluid", "coolant levels", "transmission fluid"),
            ),
            (
                "Clean",
                "Cleaning",
                ("car headlights", "a car's interior", "battery terminals", "car upholstery"),
            ),
        ),
        qualifiers=("Yourself", "Safely", "Without Tools", "in Cold Weather", "for Beginners"),
        tools=(
            "a socket wrench",
            "a car jack",
            "work gloves",
            "a flashlight",
            "a tire pressure gauge",
        ),
        supplies=(
            "your owner's manual",
            "the right replacement part",
            "shop towels",
            "a drain pan",
            "wheel chocks",
        ),
        places=("a flat driveway", "a well-lit garage", "a safe spot off the road"),
        helpers=("a certified mechanic", "a roadside assistance service"),
        credentials=(("ASE-Certified Mechanic", "an ASE-certified mechanic"),),
    ),
    LeafVocabulary(
        name="Trip Planning",
        parent="Travel",
        style="personal",
        description="Planning trips, packing and traveling smoothly.",
        actions=(
            (
                "Plan",
                "Planning",
                (
                    "a road trip",
                    "a trip to Europe",
                    "a weekend getaway",
                    "a honeymoon",
                    "a camping trip",
                    "a trip on a budget",
                ),
            ),
            (
                "Pack",
                "Packing",
                (
                    "a carry-on bag",
                    "a suitcase for a beach vacation",
                    "a backpack for a ski trip",
                    "a toiletry bag",
                    "a cooler for a road trip",
                ),
            ),
            (
                "Prepare for",
                "Preparing for",
                ("a long flight", "jet lag", "traveling alone", "a trip abroad with kids"),
            ),
        ),
        qualifiers=(
            "on a Budget",
            "at the Last Minute",
            "for the First Time",
            "Stress-Free",
            "Like a Pro",
        ),
        tools=(
            "a packing list",
            "a travel app",
            "a printed itinerary",
            "a money belt",
            "a travel adapter",
        ),
        supplies=(
            "a valid passport",
            "travel insurance",
            "copies of your bookings",
            "some local currency",
            "a flexible budget",
        ),
        places=("the airport", "your hotel", "a train station"),
        helpers=("a travel agent", "a well-traveled friend"),
        credentials=(("Travel Consultant", "a professional travel consultant"),),
    ),
)

# Qualifiers that fit every action; each leaf adds them to its own (without repeats).
GENERAL_QUALIFIERS: tuple[str, ...] = (
    "Step by Step",
    "the Easy Way",
    "Like a Pro",
    "Easily",
    "Successfully",
)

STYLE_SECTION_TITLES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    # (titles of a first section, of middle sections, of a last section)
    "hands_on": (
        ("Getting Ready", "Preparing Your Workspace", "Gathering What You Need"),
        (
            "{GerundTitle} {ObjDef}",
            "Working Through the Main Steps",
            "Using {Tool}",
            "Trying {Supply}",
        ),
        ("Finishing Up", "Checking Your Work", "Keeping It in Good Shape"),
    ),
    "digital": (
        ("Before You Begin", "Getting Your Account Ready", "Checking Your Settings"),
        (
            "Using {Tool}",
            "{GerundTitle} {ObjDef}",
            "Going Through the Settings",
            "Trying Another Way",
        ),
        ("Confirming the Change", "Troubleshooting", "Finishing Up"),
    ),
    "personal": (
        ("Getting Started", "Understanding Where You Stand", "Making a Plan"),
        ("Taking Action", "{GerundTitle} {ObjDef}", "Building Good Habits", "Getting Support"),
        ("Keeping It Going", "Looking After Yourself", "Reviewing Your Progress"),
    ),
}

# Step templates per style and phase: (bold headline, detail). Phases: first, middle, last.
STEP_TEMPLATES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "hands_on": {
        "first": (
            (
                "Gather {tool} and {supply}.",
                "Having everything within reach before you {verb} {obj} keeps you from stopping halfway through.",
            ),
            (
                "Set up near {place}.",
                "A clear, steady spot makes the work easier and lowers the chance of spills or slips.",
            ),
            (
                "Read any labels or instructions first.",
                "Labels and manuals often list materials or methods to avoid, and those notes override general advice.",
            ),
            (
                "Give yourself about {minutes} minutes.",
                "{Gerund} {obj} goes best when you are not rushed, so pick a time when you will not be interrupted.",
            ),
            (
                "Look everything over before you begin.",
                "Cracks, loose parts or worn spots change how gently you need to work, so spot them early.",
            ),
            (
                "Put on protective gear if needed.",
                "Gloves and closed shoes protect you from anything sharp, hot or harsh while you work.",
            ),
            (
                "Test {supply} on a small area.",
                "Try it somewhere hard to see first and wait a few minutes to make sure nothing reacts badly.",
            ),
        ),
        "middle": (
            ("Start with {tool}.", "Work slowly and evenly, covering one small section at a time."),
            (
                "Add a little {supply}.",
                "A small amount is usually enough; you can add more later, but it is hard to take it away.",
            ),
            (
                "Work in small, steady motions.",
                "Even pressure gives a more uniform result than a few hard strokes.",
            ),
            (
                "Let it sit for {minutes} minutes.",
                "Waiting gives {supply} time to do its job, so resist the urge to hurry this part.",
            ),
            (
                "Switch to {tool2} for tricky spots.",
                "Corners, edges and tight gaps are easier to reach with a smaller or softer tool.",
            ),
            (
                "Check your progress often.",
                "Step back every few minutes and look at your work in good light so you can correct mistakes early.",
            ),
            (
                "Repeat the process if needed.",
                "Stubborn cases can take two or three rounds; each pass should be gentle rather than forceful.",
            ),
            (
                "Keep {supply2} close by.",
                "It helps with the next stage, and having it ready keeps the work moving smoothly.",
            ),
            (
                "Work from the edges inward.",
                "Starting at the outside keeps the finish neat and stops mess from spreading.",
            ),
            (
                "Take a short break if your hands get tired.",
                "Tired hands make clumsy movements, and a pause of a minute or two costs nothing.",
            ),
        ),
        "last": (
            (
                "Rinse or wipe away any leftovers.",
                "Residue can attract dirt or cause wear later, so finish with a clean, damp cloth.",
            ),
            (
                "Let everything rest before moving on.",
                "Give it at least {minutes} minutes so everything can dry, set or cool properly.",
            ),
            (
                "Inspect the result in good light.",
                "If something looks uneven, repeat the last step on just that area.",
            ),
            (
                "Put your tools away clean.",
                "Cleaning {tool} now means it will be ready the next time you need it.",
            ),
            (
                "Make it a regular habit.",
                "Repeating this every {days} days keeps results consistent and makes each session quicker.",
            ),
            (
                "Ask {helper} if you are unsure.",
                "Some problems need a professional eye, and a quick question can prevent an expensive mistake.",
            ),
        ),
    },
    "digital": {
        "first": (
            (
                "Open {tool}.",
                "Make sure you are signed in to the account you want to change before going further.",
            ),
            (
                "Check that you have {supply}.",
                "Without it, the process may stop halfway through and you would have to start again.",
            ),
            (
                "Update to the latest version.",
                "Menus move between versions, and an up-to-date app will match these steps most closely.",
            ),
            (
                "Connect to a reliable network.",
                "A dropped connection in the middle of {gerund} {obj} can leave settings half saved.",
            ),
            (
                "Write down what you plan to change.",
                "A short note of the old and new details makes it easy to undo anything later.",
            ),
        ),
        "middle": (
            (
                "Go to {place}.",
                "It is usually under the menu icon or your profile picture at the top of the screen.",
            ),
            (
                "Find the right option.",
                "If you do not see it right away, use the search box in the settings and look for wording about {field}.",
            ),
            (
                "Enter the new details carefully.",
                "Double-check spelling and numbers, since a small typo can lock you out or send things to the wrong place.",
            ),
            (
                "Confirm with {supply2}.",
                "Many services ask you to prove it is really you before they allow a change like this.",
            ),
            (
                "Follow the on-screen prompts.",
                "Read each screen before tapping Next; some steps offer choices that are hard to reverse.",
            ),
            (
                "Save your changes.",
                "Look for a Save or Done button, and wait for the confirmation message before closing anything.",
            ),
            (
                "Try {tool2} if the option is missing.",
                "Some settings are only available on one version of the service, so switching devices can help.",
            ),
            (
                "Wait a few minutes for the change to apply.",
                "Updates can take a little while to reach every device signed in to your account.",
            ),
        ),
        "last": (
            (
                "Check that the change worked.",
                "Sign out and back in, or send yourself a test, to be sure everything is as expected.",
            ),
            (
                "Update your other devices.",
                "Phones, tablets and computers may need you to sign in again after {gerund} {obj}.",
            ),
            (
                "Contact {helper} if something goes wrong.",
                "Describe exactly what you tried and any error message you saw to get help faster.",
            ),
            (
                "Keep a record of your new settings.",
                "Store it somewhere safe, like {tool}, in case you need it later.",
            ),
        ),
    },
    "personal": {
        "first": (
            (
                "Think about what you want to change.",
                "Be specific; a clear goal makes it easier to know when you are making progress.",
            ),
            (
                "Notice how you feel right now.",
                "Naming your starting point helps you see patterns and progress over the next {days} days.",
            ),
            (
                "Write your thoughts in {tool}.",
                "Putting things on paper slows racing thoughts and shows you what matters most.",
            ),
            (
                "Set aside {minutes} minutes.",
                "A small, regular block of time is more useful than one long session you keep postponing.",
            ),
            (
                "Be honest about the obstacles.",
                "Knowing what usually gets in your way lets you plan around it instead of being surprised.",
            ),
            (
                "Learn a little about {field}.",
                "Reading a trusted source or talking to {helper} gives you realistic expectations.",
            ),
        ),
        "middle": (
            (
                "Start small.",
                "Pick one easy step you can take today; early wins build the momentum you need.",
            ),
            (
                "Use {tool} to stay on track.",
                "Checking in with yourself regularly makes it easier to notice slips before they grow.",
            ),
            ("Lean on {supply}.", "It will carry you through the days when motivation is low."),
            (
                "Talk openly and listen.",
                "Say what you mean in a calm, kind way, then give the other side a real chance to answer.",
            ),
            (
                "Break the goal into smaller pieces.",
                "Smaller tasks feel less overwhelming and are easier to fit into a busy week.",
            ),
            (
                "Keep a steady routine.",
                "Doing things at the same time each day turns effort into habit.",
            ),
            (
                "Be patient with setbacks.",
                "Progress is rarely a straight line; a bad day does not erase what you have already done.",
            ),
            (
                "Reach out to {helper}.",
                "Another point of view can show you options you had not considered.",
            ),
            (
                "Try a different approach if you feel stuck.",
                "If one method is not working after {days} days, change one thing and see what happens.",
            ),
        ),
        "last": (
            (
                "Review how far you have come.",
                "Look back at your notes in {tool} and name at least one thing that has improved.",
            ),
            (
                "Celebrate small successes.",
                "Recognizing progress keeps you motivated for the next step.",
            ),
            (
                "Keep the habits that worked.",
                "Drop what did not help and repeat what did; that is how change becomes lasting.",
            ),
            (
                "Ask for professional help if you need it.",
                "If things feel too heavy to handle alone, {helper} can offer guidance tailored to you.",
            ),
            (
                "Stay kind to yourself.",
                "{Gerund} {obj} takes time, and treating yourself with patience makes it easier to continue.",
            ),
        ),
    },
}

INTRO_OPENINGS: dict[str, tuple[str, ...]] = {
    "hands_on": (
        "{Gerund} {obj} is easier than it looks once you know the right order of steps.",
        "Whether it is your first time or you just want a better result, {gerund} {obj} takes only a few basic supplies.",
        "You do not need special training to {verb} {obj}; a little care and the right tools go a long way.",
    ),
    "digital": (
        "{Gerund} {obj} takes only a few minutes once you know where the option lives.",
        "If you have been meaning to {verb} {obj}, the process is quick on both phones and computers.",
        "Most services let you {verb} {obj} from their settings, although the menus can be hard to find.",
    ),
    "personal": (
        "{Gerund} {obj} can feel daunting, but it becomes manageable when you take it one step at a time.",
        "Many people struggle when they first try to {verb} {obj}, and that is completely normal.",
        "Learning to {verb} {obj} is a skill, and like any skill it gets easier with practice.",
    ),
}

INTRO_MIDDLES: tuple[str, ...] = (
    "This guide walks you through the whole process, from getting ready to checking the result.",
    "Below you will find clear steps, along with tips that help you avoid the most common mistakes.",
    "Read on to learn what you need, how to do it, and how to keep good results going.",
    "We cover a few different approaches so you can pick the one that suits your situation.",
)

TIPS: dict[str, tuple[str, ...]] = {
    "hands_on": (
        "Work in good light so you can see small details clearly.",
        "If you are unsure about {supply}, start with less and build up.",
        "Keeping {tool} clean makes every future session easier.",
        "A little regular care saves a lot of effort later.",
        "Take photos before you start so you can compare the result.",
    ),
    "digital": (
        "Bookmark the settings page so you can find it quickly next time.",
        "Use {tool2} if the option does not appear on {tool}.",
        "Turn on two-step verification while you are in your account settings.",
        "Screenshots of each screen make it easy to retrace your steps.",
        "Menus change over time, so look for similar wording if a button has moved.",
    ),
    "personal": (
        "Progress is easier to see if you keep short notes each day.",
        "Share your goal with someone you trust; it helps you stay accountable.",
        "Be as kind to yourself as you would be to a friend in the same situation.",
        "Small, consistent steps beat rare big efforts.",
        "Rest counts as part of the process, not a break from it.",
    ),
}

WARNINGS: dict[str, tuple[str, ...]] = {
    "hands_on": (
        "Never mix cleaning products unless the labels say it is safe; some combinations release harmful fumes.",
        "Stop right away if something cracks, sparks or smells like it is burning.",
        "Keep {supply} away from children and pets.",
        "Do not use {tool} on surfaces the manufacturer says to avoid.",
    ),
    "digital": (
        "Never share your password or verification codes with anyone who contacts you out of the blue.",
        "Some changes cannot be undone, so read each confirmation screen carefully.",
        "Avoid making account changes on public Wi-Fi.",
    ),
    "personal": (
        "If you ever feel unsafe or think about harming yourself, contact emergency services or a crisis line right away.",
        "Avoid making big decisions while you are very upset; wait until you feel calmer.",
        "Be wary of advice that promises instant results.",
    ),
}

# (question, answer) templates for the Q&A section.
QA_TEMPLATES: dict[str, tuple[tuple[str, str], ...]] = {
    "hands_on": (
        (
            "How long does it take to {verb} {obj}?",
            "Plan on about {minutes} minutes for the main work, plus a little extra time to let everything rest or dry.",
        ),
        (
            "Can I use {supply2} instead of {supply}?",
            "Often yes. {Supply2} works in many cases, but test it on a small area first because results vary.",
        ),
        (
            "Do I really need {tool}?",
            "It makes the job easier, but a similar item you already own will usually do if you work carefully.",
        ),
        (
            "How often should I do this?",
            "Every {days} days is a good rhythm for most people; do it sooner if you notice problems.",
        ),
        (
            "When should I call {helper}?",
            "If the problem comes back after two tries or anything looks damaged, ask {helper} for advice.",
        ),
    ),
    "digital": (
        (
            "How long does it take to {verb} {obj}?",
            "Usually less than {minutes} minutes, although some changes take a little longer to reach every device.",
        ),
        (
            "Can I do this from {tool2}?",
            "In most cases, yes. The menu names can differ slightly, but the steps follow the same order.",
        ),
        (
            "Why can't I find the option?",
            "It may be hidden under a different menu in your version. Update the app or search the settings for it.",
        ),
        (
            "Will I lose any data?",
            "No, this change does not delete your data, but it is always wise to keep a recent backup.",
        ),
        (
            "Who can help if it still does not work?",
            "Contact {helper}; have your account details ready to speed things up.",
        ),
    ),
    "personal": (
        (
            "How long before I see results?",
            "Many people notice a difference within {days} days, but lasting change can take several weeks.",
        ),
        (
            "What if I slip back into old habits?",
            "That is normal. Notice what triggered it, then pick up where you left off without blaming yourself.",
        ),
        (
            "Should I talk to {helper}?",
            "If you feel stuck or overwhelmed, talking to {helper} is a sensible next step.",
        ),
        (
            "How much time should I spend on this each day?",
            "Even {minutes} minutes a day is enough to build momentum.",
        ),
        (
            "Is it okay to ask for help?",
            "Absolutely. Asking for support is a strength, and it often speeds up progress.",
        ),
    ),
}

THINGS_NEEDED_EXTRA: tuple[str, ...] = ("A timer", "Paper towels", "A notepad", "A trash bag")

REFERENCE_PUBLISHERS: tuple[tuple[str, str], ...] = (
    # (publisher name, domain of its own making)
    ("Home Skills Institute", "homeskills-institute.example"),
    ("Practical Living Journal", "practical-living.example"),
    ("Consumer Care Council", "consumercare-council.example"),
    ("Open Health Library", "openhealth-library.example"),
    ("Everyday Science Review", "everyday-science.example"),
    ("Digital Help Desk", "digitalhelpdesk.example"),
    ("Community Extension Service", "extension-service.example"),
    ("Safety First Foundation", "safetyfirst-foundation.example"),
    ("Family Life Center", "familylife-center.example"),
    ("Money Basics Bureau", "moneybasics.example"),
    ("Makers' Quarterly", "makers-quarterly.example"),
    ("Travel Wise Guide", "travelwise-guide.example"),
    ("University Learning Hub", "learninghub.example.edu"),
    ("Active Body Research", "activebody-research.example"),
)

REFERENCE_TITLES: tuple[str, ...] = (
    "A Beginner's Guide to {GerundObjTitle}",
    "{GerundObjTitle}: What Experts Recommend",
    "Common Mistakes When {GerundObjTitle}",
    "{Field} Basics",
    "Frequently Asked Questions About {ObjBareTitle}",
    "How Professionals Approach {ObjBareTitle}",
    "Safety Notes for {Field}",
    "The Science Behind {GerundObjTitle}",
    "{Field}: A Practical Handbook",
    "Research Notes on {ObjBareTitle}",
)

FIRST_NAMES: tuple[str, ...] = (
    "Alicia",
    "Marcus",
    "Priya",
    "Daniel",
    "Sofia",
    "Ethan",
    "Hannah",
    "Omar",
    "Grace",
    "Lucas",
    "Mei",
    "Jonah",
    "Isabel",
    "Tariq",
    "Chloe",
    "Victor",
    "Naomi",
    "Felix",
    "Rosa",
    "Samuel",
    "Leah",
    "Andre",
    "Yuki",
    "Caleb",
    "Elena",
    "Mateo",
    "Ruth",
    "Kwame",
    "Ivy",
    "Nathan",
    "Aisha",
    "Owen",
    "Clara",
    "Dev",
    "Lena",
    "Hugo",
    "Maya",
    "Rafael",
    "Tessa",
    "Gabriel",
)

LAST_NAMES: tuple[str, ...] = (
    "Whitfield",
    "Okafor",
    "Lindqvist",
    "Moreno",
    "Castellano",
    "Hartley",
    "Nakamura",
    "Brennan",
    "Abernathy",
    "Delacroix",
    "Ferreira",
    "Kowalski",
    "Pemberton",
    "Rahman",
    "Sutherland",
    "Valdez",
    "Ashworth",
    "Bellamy",
    "Chandler",
    "Dunmore",
    "Ellison",
    "Fairbanks",
    "Galloway",
    "Holloway",
    "Iverson",
    "Jaramillo",
    "Kingsley",
    "Lockhart",
    "Mercer",
    "Northcott",
)

EXPERT_BIO: tuple[str, ...] = (
    "{name} is {meaning} with {years} years of experience. {first} focuses on {field} and enjoys turning expert knowledge into plain, practical steps.",
    "{name} is {meaning}. Over {years} years, {first} has helped hundreds of people with {field}, and reviews articles for accuracy.",
)

WRITER_BIO: tuple[str, ...] = (
    "{name} is a community writer who has been sharing guides on {field} for {years} years.",
    "{name} researches and writes about {field}, drawing on {years} years of hands-on practice.",
    "{name} joined the editorial team {years} years ago and specializes in {field}.",
)
