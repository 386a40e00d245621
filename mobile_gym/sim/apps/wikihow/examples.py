"""Hand-written articles the WikiHow example tasks are built on.

The example tasks search for an article, open it and then check its reference list, open
the About page, visit its author's page (and another article by that author) or visit its
category page. These articles, their authors and their categories are therefore written by
hand rather than generated, so that titles, slugs, author names and category names are
exactly what the tasks expect, and the facts their questions may ask about are stated
in the text.
"""

from __future__ import annotations

from dataclasses import dataclass

Section = tuple[str, tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class ExampleAuthor:
    """A named author of example articles."""

    name: str
    credential: str
    bio: str


@dataclass(frozen=True)
class ExampleArticle:
    """The content of one hand-written article; statistics and related links are generated."""

    title: str
    category: str  # a leaf category's name from the vocabulary
    author: str | None  # an ExampleAuthor's name, or None for a generated author
    kind: str  # "method" or "part"
    intro: str
    sections: tuple[Section, ...]
    tips: tuple[str, ...]
    warnings: tuple[str, ...]
    things_needed: tuple[str, ...]
    qa: tuple[tuple[str, str], ...]
    references: tuple[tuple[str, str], ...]


EXAMPLE_AUTHORS: tuple[ExampleAuthor, ...] = (
    ExampleAuthor(
        name="Trudi Griffin, LPC, MS",
        credential="Licensed Professional Counselor",
        bio=(
            "Trudi Griffin is a licensed professional counselor who helps adults work through "
            "fear, anxiety and relationship worries. She holds a master's degree in clinical "
            "mental health counseling."
        ),
    ),
    ExampleAuthor(
        name="James Sears",
        credential="",
        bio=(
            "James Sears writes about home care and kitchen cleaning, testing each method on "
            "his own cookware and appliances before recommending it."
        ),
    ),
)

EXAMPLE_ARTICLES: tuple[ExampleArticle, ...] = (
    ExampleArticle(
        title="How to 180 on a Scooter",
        category="Scooters and Skateboards",
        author=None,
        kind="part",
        intro=(
            "A 180 is a jump in which you and your scooter turn half a circle in the air and "
            "land rolling backwards. It is one of the first tricks most riders learn after the "
            "bunny hop, and it only needs flat ground and a bit of commitment."
        ),
        sections=(
            (
                "Getting Ready",
                (
                    (
                        "Learn to bunny hop first.",
                        "You need to lift the whole scooter off the ground with the bars before you can spin it.",
                    ),
                    (
                        "Put on a helmet and pads.",
                        "Landing backwards can throw you off balance, so protect your head, knees and wrists.",
                    ),
                    (
                        "Find smooth, flat ground.",
                        "An empty parking lot or a flat section of a skatepark gives you room to roll out.",
                    ),
                ),
            ),
            (
                "Doing the 180",
                (
                    (
                        "Roll forward at a slow, steady speed.",
                        "Too much speed makes the landing harder to control while you learn.",
                    ),
                    (
                        "Crouch and wind up your shoulders.",
                        "Turn your upper body slightly the opposite way to the spin to build momentum.",
                    ),
                    (
                        "Jump and pull the bars up.",
                        "Spring off both feet and lift the scooter with you, just as in a bunny hop.",
                    ),
                    (
                        "Turn your shoulders and hips 180 degrees.",
                        "Your head leads the rotation; the scooter follows your hips.",
                    ),
                    (
                        "Land with both feet on the deck.",
                        "Bend your knees to absorb the impact and keep your weight centered over the deck.",
                    ),
                    (
                        "Roll backwards, then turn around.",
                        "Riding away backwards is called landing fakie; stop and turn once you are steady.",
                    ),
                ),
            ),
        ),
        tips=(
            "Practice the spin without the scooter first by jumping and turning on the spot.",
            "Pick the direction that feels natural to you; most riders spin toward their back foot.",
        ),
        warnings=("Never practice near traffic or on wet pavement.",),
        things_needed=("A kick scooter", "A helmet", "Knee and elbow pads", "Flat, smooth ground"),
        qa=(
            (
                "What is landing fakie?",
                "Landing fakie means touching down and rolling backwards after the spin.",
            ),
            (
                "What should I learn before a 180?",
                "Learn the bunny hop first, since the 180 is a bunny hop with a half turn.",
            ),
        ),
        references=(
            (
                "Scooter Tricks for New Riders",
                "https://www.activebody-research.example/scooter-tricks-new-riders",
            ),
            (
                "Protective Gear for Wheeled Sports",
                "https://www.safetyfirst-foundation.example/wheeled-sports-gear",
            ),
            (
                "Learning Rotations on Wheels",
                "https://www.makers-quarterly.example/rotations-on-wheels",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Address a Letter to England",
        category="Letter Writing",
        author=None,
        kind="part",
        intro=(
            "Mail to England follows the same basic layout as a domestic letter, with a few "
            "differences: the post town goes in capital letters, the postcode gets its own line, "
            "and the last line names the country as UNITED KINGDOM."
        ),
        sections=(
            (
                "Writing the Recipient's Address",
                (
                    (
                        "Write the recipient's name on the first line.",
                        "Include a title such as Mr, Ms or Dr if you normally would.",
                    ),
                    (
                        "Add the house number and street name.",
                        "In England the number comes before the street, for example 14 Orchard Lane.",
                    ),
                    (
                        "Add the locality if there is one.",
                        "Some addresses include a village or district on its own line below the street.",
                    ),
                    (
                        "Write the post town in capital letters.",
                        "For example, write OXFORD or LEEDS on its own line.",
                    ),
                    (
                        "Put the postcode on its own line.",
                        "A postcode has two parts separated by a space, such as OX1 4ZZ; copy it exactly.",
                    ),
                    (
                        "Finish with UNITED KINGDOM in capitals.",
                        "The country line lets your own postal service route the letter abroad.",
                    ),
                ),
            ),
            (
                "Sending the Letter",
                (
                    (
                        "Write your return address in the top left corner.",
                        "Include your own country so the letter can come back if it cannot be delivered.",
                    ),
                    (
                        "Use international postage.",
                        "From the United States, one Global Forever stamp covers a standard one-ounce letter.",
                    ),
                    (
                        "Drop the letter in a mailbox or take it to a post office.",
                        "Heavier or thicker envelopes should be weighed at the counter.",
                    ),
                ),
            ),
        ),
        tips=(
            "Counties are no longer required in English addresses; the post town and postcode are enough.",
            "Print clearly in dark ink so sorting machines can read the address.",
        ),
        warnings=("A wrong or missing postcode is the most common cause of delays.",),
        things_needed=(
            "An envelope",
            "A pen",
            "International postage",
            "The recipient's full address",
        ),
        qa=(
            (
                "Where does the postcode go on a letter to England?",
                "On its own line, directly below the post town.",
            ),
            (
                "What is the last line of the address?",
                "UNITED KINGDOM, written in capital letters.",
            ),
            (
                "Should the post town be in capitals?",
                "Yes, write the post town in capital letters.",
            ),
        ),
        references=(
            (
                "Addressing International Mail",
                "https://www.consumercare-council.example/addressing-international-mail",
            ),
            (
                "How Postcodes Are Structured",
                "https://www.learninghub.example.edu/postcode-structure",
            ),
            (
                "International Letter Postage Explained",
                "https://www.practical-living.example/international-letter-postage",
            ),
            (
                "Common Addressing Mistakes",
                "https://www.homeskills-institute.example/addressing-mistakes",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Apply CC Cream",
        category="Makeup",
        author=None,
        kind="method",
        intro=(
            "CC cream stands for color correcting cream: a light, tinted base that evens out "
            "redness and dullness while feeling closer to skincare than to foundation. Applying "
            "it in thin layers gives a natural finish that you can build up where you need it."
        ),
        sections=(
            (
                "Preparing Your Skin",
                (
                    (
                        "Wash your face with a gentle cleanser.",
                        "Start with clean skin so the cream spreads evenly.",
                    ),
                    (
                        "Apply a light moisturizer.",
                        "Let it sink in for a minute or two before the CC cream goes on.",
                    ),
                    (
                        "Add sunscreen if your CC cream has little or none.",
                        "Many CC creams contain SPF, but a thin layer is rarely enough protection on its own.",
                    ),
                ),
            ),
            (
                "Applying the CC Cream",
                (
                    (
                        "Squeeze out a pea-sized amount.",
                        "That is usually enough for the whole face; you can add more later.",
                    ),
                    (
                        "Dot it on your forehead, cheeks, nose and chin.",
                        "Spreading small dots around the face prevents a heavy patch in one place.",
                    ),
                    (
                        "Blend outward with your fingertips or a damp sponge.",
                        "Warm fingers melt the cream into the skin; a sponge gives a sheerer finish.",
                    ),
                    (
                        "Build coverage only where you need it.",
                        "Tap a second thin layer over redness or dark spots instead of adding more everywhere.",
                    ),
                    (
                        "Set it with a light dusting of powder.",
                        "Translucent powder on the T-zone helps the cream last if your skin gets shiny.",
                    ),
                ),
            ),
        ),
        tips=(
            "Pick a shade that matches your neck so there is no visible line at the jaw.",
            "Use concealer over the CC cream for spots that need extra coverage.",
        ),
        warnings=("Patch test a new product on your inner arm if you have sensitive skin.",),
        things_needed=(
            "CC cream",
            "Moisturizer",
            "A makeup sponge (optional)",
            "Translucent powder (optional)",
        ),
        qa=(
            ("What does CC stand for in CC cream?", "CC stands for color correcting."),
            (
                "How much CC cream should I use?",
                "Start with a pea-sized amount for the whole face.",
            ),
            (
                "Do I still need sunscreen?",
                "Usually yes; the SPF in a thin layer of CC cream is not enough on its own.",
            ),
        ),
        references=(
            ("Tinted Bases Compared", "https://www.practical-living.example/tinted-bases-compared"),
            (
                "Layering Skincare and Makeup",
                "https://www.openhealth-library.example/layering-skincare-makeup",
            ),
            (
                "Sun Protection Under Makeup",
                "https://www.openhealth-library.example/sun-protection-under-makeup",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Be a Good Friend to a Guy",
        category="Friendships",
        author="Trudi Griffin, LPC, MS",
        kind="part",
        intro=(
            "Good friendships rest on the same things no matter who your friend is: showing up, "
            "listening and being honest. With many guy friends it also helps to share activities, "
            "keep things straightforward and respect how much they want to talk."
        ),
        sections=(
            (
                "Building Trust",
                (
                    (
                        "Be reliable.",
                        "Keep plans and promises; being dependable says more than any speech.",
                    ),
                    (
                        "Listen more than you advise.",
                        "When he shares a problem, ask what would help before offering solutions.",
                    ),
                    ("Keep his confidences.", "What he tells you in private stays private."),
                    (
                        "Be direct and honest.",
                        "Say what you mean kindly and clearly rather than dropping hints.",
                    ),
                ),
            ),
            (
                "Spending Time Together",
                (
                    (
                        "Do activities you both enjoy.",
                        "Shared activities such as games, sports or cooking make conversation easy.",
                    ),
                    (
                        "Check in without pressure.",
                        "A short message asking how he is doing shows you care without forcing a deep talk.",
                    ),
                    (
                        "Respect his other relationships.",
                        "Be friendly to his partner, family and other friends.",
                    ),
                    ("Celebrate his wins.", "Be genuinely glad when things go well for him."),
                ),
            ),
        ),
        tips=("Humor and honesty go a long way in any friendship.",),
        warnings=("If a friend mentions harming himself, encourage him to get help right away.",),
        things_needed=(),
        qa=(
            (
                "How do I know if he wants to talk?",
                "Ask an open question once, then let him decide; respect a short answer.",
            ),
            ("What matters most in a friendship?", "Reliability, listening and honesty."),
        ),
        references=(
            (
                "What Keeps Adult Friendships Strong",
                "https://www.familylife-center.example/adult-friendships",
            ),
            (
                "Listening Skills That Build Trust",
                "https://www.openhealth-library.example/listening-skills",
            ),
            (
                "Friendship and Wellbeing",
                "https://www.learninghub.example.edu/friendship-wellbeing",
            ),
            (
                "Supporting a Friend Through Hard Times",
                "https://www.familylife-center.example/supporting-a-friend",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Overcome Fear",
        category="Emotional Health",
        author="Trudi Griffin, LPC, MS",
        kind="part",
        intro=(
            "Fear is a normal alarm that keeps you safe, but it can go off when there is no real "
            "danger and hold you back. You can turn the volume down by understanding what you "
            "fear, facing it in small steps and calming your body when the alarm sounds."
        ),
        sections=(
            (
                "Understanding Your Fear",
                (
                    (
                        "Name exactly what you are afraid of.",
                        "A specific fear, such as speaking in meetings, is easier to work on than a vague one.",
                    ),
                    (
                        "Notice how fear shows up in your body.",
                        "A racing heart, tight chest or shaky hands are signs of the body's alarm system.",
                    ),
                    (
                        "Write down the thoughts that come with it.",
                        "Seeing them on paper makes it easier to check whether they are realistic.",
                    ),
                ),
            ),
            (
                "Facing It Step by Step",
                (
                    (
                        "Make a ladder of small challenges.",
                        "List situations from least to most frightening and start at the bottom rung.",
                    ),
                    (
                        "Stay with each step until the fear eases.",
                        "Fear rises, peaks and falls if you do not escape; each time it falls faster.",
                    ),
                    (
                        "Breathe slowly to calm your body.",
                        "Breathe in for four counts and out for six to slow your heart rate.",
                    ),
                    (
                        "Challenge catastrophic thoughts.",
                        "Ask what is most likely to happen, not just what is worst.",
                    ),
                ),
            ),
            (
                "Getting Support",
                (
                    ("Tell someone you trust.", "Sharing a fear often makes it feel smaller."),
                    (
                        "See a therapist if fear limits your life.",
                        "Exposure therapy and cognitive behavioral therapy are well-studied treatments.",
                    ),
                    ("Reward your progress.", "Each rung you climb is worth celebrating."),
                ),
            ),
        ),
        tips=("Regular sleep, exercise and less caffeine make fear easier to manage.",),
        warnings=("Sudden intense fear with chest pain should be checked by a doctor.",),
        things_needed=(),
        qa=(
            (
                "What is an exposure ladder?",
                "A list of feared situations ordered from easiest to hardest, faced one rung at a time.",
            ),
            (
                "What breathing pattern helps with fear?",
                "Breathing in for four counts and out for six slows the body down.",
            ),
        ),
        references=(
            ("How the Fear Response Works", "https://www.openhealth-library.example/fear-response"),
            (
                "Exposure Therapy Basics",
                "https://www.learninghub.example.edu/exposure-therapy-basics",
            ),
            (
                "Breathing Techniques for Anxiety",
                "https://www.openhealth-library.example/breathing-for-anxiety",
            ),
            (
                "Cognitive Approaches to Worry",
                "https://www.everyday-science.example/cognitive-approaches-worry",
            ),
            ("When to Seek Therapy", "https://www.familylife-center.example/when-to-seek-therapy"),
        ),
    ),
    ExampleArticle(
        title="How to Buy an Apartment With No Money Down",
        category="Real Estate",
        author=None,
        kind="method",
        intro=(
            "Buying an apartment, usually a condo, without a down payment is possible through a "
            "few loan programs and assistance schemes. Each has eligibility rules, so the first "
            "job is to find out which ones you qualify for."
        ),
        sections=(
            (
                "Using a Zero-Down Loan",
                (
                    (
                        "Check whether you qualify for a VA loan.",
                        "Eligible veterans and service members can borrow with no down payment.",
                    ),
                    (
                        "Look into USDA loans for rural areas.",
                        "They also allow zero down, but the property must be in an eligible area and income limits apply.",
                    ),
                    (
                        "Confirm the building is approved.",
                        "Government-backed loans often require the condo building itself to be on an approved list.",
                    ),
                ),
            ),
            (
                "Getting Help With the Down Payment",
                (
                    (
                        "Search for down payment assistance programs.",
                        "State and city housing agencies offer grants and forgivable loans, often for first-time buyers.",
                    ),
                    (
                        "Ask family about a gift.",
                        "Lenders accept documented gift funds, usually with a signed gift letter.",
                    ),
                    (
                        "Negotiate seller concessions.",
                        "The seller may agree to pay some closing costs, lowering the cash you need.",
                    ),
                ),
            ),
            (
                "Trying Other Arrangements",
                (
                    (
                        "Consider a rent-to-own agreement.",
                        "Part of your rent goes toward the purchase price for a set period.",
                    ),
                    (
                        "Talk to a mortgage broker.",
                        "A broker can compare programs and tell you what your credit score qualifies for.",
                    ),
                    (
                        "Budget for the monthly costs.",
                        "Without a down payment the loan is larger, so payments and insurance will be higher.",
                    ),
                ),
            ),
        ),
        tips=("Get preapproved before you start viewing apartments.",),
        warnings=(
            "Read rent-to-own contracts carefully; you can lose the credits if you do not buy.",
        ),
        things_needed=("A recent credit report", "Proof of income", "Bank statements"),
        qa=(
            (
                "Which loans allow no down payment?",
                "VA loans for eligible veterans and USDA loans for eligible rural properties.",
            ),
            (
                "Can a family member give me the down payment?",
                "Yes, most lenders accept documented gift funds with a gift letter.",
            ),
        ),
        references=(
            ("Zero-Down Mortgage Programs", "https://www.moneybasics.example/zero-down-mortgages"),
            (
                "Down Payment Assistance Explained",
                "https://www.moneybasics.example/down-payment-assistance",
            ),
            (
                "Buying a Condo: What Lenders Check",
                "https://www.consumercare-council.example/condo-lender-checks",
            ),
            ("Rent-to-Own Agreements", "https://www.practical-living.example/rent-to-own"),
        ),
    ),
    ExampleArticle(
        title="How to Call the Czech Republic From the United States",
        category="Telephones",
        author=None,
        kind="method",
        intro=(
            "To call the Czech Republic from the United States you dial the US exit code 011, "
            "the Czech country code 420 and then the nine-digit local number. Czech numbers "
            "have no area code or leading zero to drop, which keeps things simple."
        ),
        sections=(
            (
                "Calling From a Landline",
                (
                    (
                        "Dial 011.",
                        "This is the exit code that tells the US network you are calling abroad.",
                    ),
                    ("Dial 420.", "This is the country code of the Czech Republic."),
                    (
                        "Dial the nine-digit number.",
                        "Czech numbers are always nine digits; mobile numbers usually start with 6 or 7.",
                    ),
                    (
                        "Wait for the call to connect.",
                        "International calls can take a few seconds longer to start ringing.",
                    ),
                ),
            ),
            (
                "Calling From a Cell Phone",
                (
                    (
                        "Press and hold 0 to enter a plus sign.",
                        "The + replaces the exit code on mobile phones.",
                    ),
                    (
                        "Dial 420 and the nine-digit number.",
                        "The full number looks like +420 followed by nine digits.",
                    ),
                    (
                        "Check your plan's international rates.",
                        "Calling apps over Wi-Fi can be much cheaper than your carrier's rates.",
                    ),
                ),
            ),
        ),
        tips=(
            "Prague is usually six hours ahead of New York, so check the time before you call.",
            "Save Czech contacts in +420 format so they work from any country.",
        ),
        warnings=("International calls without a plan can be expensive.",),
        things_needed=(),
        qa=(
            ("What is the country code for the Czech Republic?", "The country code is 420."),
            ("What is the US exit code?", "The exit code from the United States is 011."),
            (
                "How many digits do Czech phone numbers have?",
                "Czech phone numbers have nine digits.",
            ),
        ),
        references=(
            (
                "International Dialing Codes",
                "https://www.digitalhelpdesk.example/international-dialing-codes",
            ),
            (
                "Calling Europe From North America",
                "https://www.travelwise-guide.example/calling-europe",
            ),
            ("Czech Telephone Numbering", "https://www.learninghub.example.edu/czech-numbering"),
        ),
    ),
    ExampleArticle(
        title="How to Change a Lightbulb in a Recessed Light",
        category="Lighting",
        author=None,
        kind="part",
        intro=(
            "Recessed lights sit flush with the ceiling, which makes their bulbs hard to grip. "
            "With the power off, a cool bulb and a suction cup or a loop of tape, the swap takes "
            "only a couple of minutes."
        ),
        sections=(
            (
                "Getting Ready Safely",
                (
                    (
                        "Turn off the light switch.",
                        "For fixtures you are unsure about, switch off the circuit at the breaker too.",
                    ),
                    (
                        "Let the bulb cool for at least ten minutes.",
                        "Incandescent and halogen bulbs get hot enough to burn fingers.",
                    ),
                    (
                        "Set up a sturdy step ladder.",
                        "Stand where you can reach the bulb without stretching.",
                    ),
                    (
                        "Check the fixture's wattage label.",
                        "Never fit a bulb with more watts than the fixture allows.",
                    ),
                ),
            ),
            (
                "Swapping the Bulb",
                (
                    (
                        "Remove the trim if it covers the bulb.",
                        "Most trims pull down gently and are held by springs.",
                    ),
                    (
                        "Grip the bulb with a suction cup or a loop of duct tape.",
                        "Press it against the glass so you can turn a bulb that sits flush.",
                    ),
                    (
                        "Turn the bulb counterclockwise.",
                        "Unscrew it slowly and lower it out of the can.",
                    ),
                    (
                        "Screw in the new bulb clockwise until snug.",
                        "Do not overtighten; stop as soon as it feels firm.",
                    ),
                    (
                        "Restore power and test the light.",
                        "If it does not light, check that the bulb is seated properly.",
                    ),
                ),
            ),
        ),
        tips=("LED replacements run cooler and last far longer than halogen bulbs.",),
        warnings=(
            "Never touch a halogen bulb's glass with bare fingers; skin oils shorten its life.",
        ),
        things_needed=("A replacement bulb", "A step ladder", "A suction cup or duct tape"),
        qa=(
            (
                "How do I grip a bulb that sits flush with the ceiling?",
                "Use a suction cup or a loop of duct tape pressed against the glass.",
            ),
            (
                "How long should the bulb cool?",
                "At least ten minutes for incandescent or halogen bulbs.",
            ),
        ),
        references=(
            (
                "Recessed Lighting Basics",
                "https://www.homeskills-institute.example/recessed-lighting",
            ),
            ("Choosing the Right Bulb", "https://www.consumercare-council.example/choosing-bulbs"),
            ("Ladder Safety at Home", "https://www.safetyfirst-foundation.example/ladder-safety"),
        ),
    ),
    ExampleArticle(
        title="How to Change Your Yahoo Email Address",
        category="Email",
        author=None,
        kind="method",
        intro=(
            "Yahoo does not let you rename the main address of an existing account. Instead you "
            "can add a second address, called an alias, that sends and receives mail in the same "
            "inbox, or create a new account and forward your old mail to it."
        ),
        sections=(
            (
                "Adding an Alias Address",
                (
                    (
                        "Sign in to Yahoo Mail on a computer.",
                        "The alias settings are easiest to reach in a web browser.",
                    ),
                    (
                        "Open Settings, then More Settings.",
                        "The gear icon is in the top right corner of the inbox.",
                    ),
                    ("Select Mailboxes.", "This page lists the addresses linked to your account."),
                    (
                        "Click Add next to Email addresses.",
                        "Type the new address you want and check that it is available.",
                    ),
                    (
                        "Save the new address.",
                        "Mail sent to the alias now arrives in your usual inbox.",
                    ),
                ),
            ),
            (
                "Starting a New Account",
                (
                    (
                        "Create a new Yahoo account with the address you want.",
                        "Use a strong, unique password.",
                    ),
                    (
                        "Set up forwarding from the old account.",
                        "Forwarding makes sure you keep getting messages sent to the old address.",
                    ),
                    (
                        "Tell your contacts about the change.",
                        "Send a short note with the new address.",
                    ),
                ),
            ),
        ),
        tips=("You can change the display name people see without changing the address.",),
        warnings=(
            "Deleting the old account also deletes its mail; export anything important first.",
        ),
        things_needed=(),
        qa=(
            (
                "Can I rename my existing Yahoo address?",
                "No, but you can add an alias or create a new account.",
            ),
            ("Where are alias settings?", "In Settings, More Settings, Mailboxes."),
        ),
        references=(
            ("Managing Email Aliases", "https://www.digitalhelpdesk.example/email-aliases"),
            (
                "Forwarding Mail Between Accounts",
                "https://www.digitalhelpdesk.example/mail-forwarding",
            ),
            (
                "Strong Passwords Made Simple",
                "https://www.safetyfirst-foundation.example/strong-passwords",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Choose a Foam Roller",
        category="Personal Fitness",
        author=None,
        kind="part",
        intro=(
            "Foam rollers differ in firmness, surface texture and size, and the right one "
            "depends on how sore you are and what you want to roll. Beginners usually do best "
            "with a soft, smooth roller and can move to firmer ones later."
        ),
        sections=(
            (
                "Picking the Firmness",
                (
                    (
                        "Start with a soft roller if you are new.",
                        "Soft, low-density foam is gentler on tight or sore muscles.",
                    ),
                    (
                        "Choose medium density for regular use.",
                        "It gives firmer pressure while still being comfortable.",
                    ),
                    (
                        "Save firm rollers for experienced users.",
                        "High-density rollers press deeply and can bruise if used too hard.",
                    ),
                ),
            ),
            (
                "Choosing Texture and Size",
                (
                    (
                        "Pick a smooth surface for even pressure.",
                        "Smooth rollers spread pressure across the muscle.",
                    ),
                    (
                        "Try a ridged or knobbed surface for targeted work.",
                        "Bumps dig into knots, which some people find intense.",
                    ),
                    (
                        "Choose a 36-inch roller for your back.",
                        "A long roller lies across your whole spine and is more stable.",
                    ),
                    (
                        "Choose a 12- to 18-inch roller for travel.",
                        "Short rollers fit in a bag and work well on arms and calves.",
                    ),
                    (
                        "Check the material.",
                        "Molded polypropylene keeps its shape longer than soft polyethylene foam.",
                    ),
                ),
            ),
        ),
        tips=("Roll each area for 30 to 60 seconds, moving slowly.",),
        warnings=("Do not roll directly over joints or injuries.",),
        things_needed=(),
        qa=(
            ("Which foam roller is best for beginners?", "A soft, smooth roller."),
            (
                "What length should I buy for my back?",
                "A 36-inch roller is best for rolling the back.",
            ),
        ),
        references=(
            (
                "Self-Massage Tools Compared",
                "https://www.activebody-research.example/self-massage-tools",
            ),
            (
                "Foam Rolling and Recovery",
                "https://www.activebody-research.example/foam-rolling-recovery",
            ),
            (
                "Choosing Home Fitness Equipment",
                "https://www.consumercare-council.example/home-fitness-equipment",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Clean a Nonstick Pan",
        category="Kitchen Cleaning",
        author="James Sears",
        kind="method",
        intro=(
            "A nonstick coating lasts for years if you clean it gently. Warm soapy water and a "
            "soft sponge handle daily cleaning, and a baking soda paste lifts stuck-on residue "
            "without scratching the surface."
        ),
        sections=(
            (
                "Everyday Cleaning",
                (
                    ("Let the pan cool down.", "Putting a hot pan in cold water can warp it."),
                    (
                        "Wash with warm water and mild dish soap.",
                        "Use a soft sponge or cloth, never steel wool.",
                    ),
                    (
                        "Rinse and dry completely.",
                        "Dry the pan with a towel so water spots do not form.",
                    ),
                ),
            ),
            (
                "Removing Stuck-On Residue",
                (
                    (
                        "Make a paste of baking soda and water.",
                        "Mix about three parts baking soda to one part water.",
                    ),
                    (
                        "Rub the paste over the residue gently.",
                        "Use a soft sponge in small circles.",
                    ),
                    (
                        "Simmer water and vinegar for stubborn spots.",
                        "Heat one cup of water with half a cup of white vinegar for a few minutes, then wash again.",
                    ),
                    ("Rinse and dry the pan.", "Check that no paste is left in the corners."),
                ),
            ),
        ),
        tips=(
            "Wipe a few drops of cooking oil over the clean surface now and then to keep it slick.",
        ),
        warnings=(
            "Avoid metal utensils and abrasive scrubbers; they scratch the coating.",
            "Do not put the pan in the dishwasher unless the maker says it is safe.",
        ),
        things_needed=("Mild dish soap", "A soft sponge", "Baking soda", "White vinegar"),
        qa=(
            (
                "Can I use steel wool on a nonstick pan?",
                "No, steel wool scratches the coating; use a soft sponge.",
            ),
            (
                "What removes burnt residue?",
                "A baking soda paste, or simmering water with vinegar.",
            ),
        ),
        references=(
            (
                "Caring for Nonstick Cookware",
                "https://www.homeskills-institute.example/nonstick-care",
            ),
            (
                "Baking Soda Around the House",
                "https://www.everyday-science.example/baking-soda-uses",
            ),
            (
                "Cookware Materials Guide",
                "https://www.consumercare-council.example/cookware-materials",
            ),
        ),
    ),
    ExampleArticle(
        title="How to Clean a Keurig with Vinegar",
        category="Kitchen Cleaning",
        author="James Sears",
        kind="part",
        intro=(
            "Mineral scale builds up inside a Keurig brewer and slows it down. Running white "
            "vinegar through the machine every three to six months dissolves the scale, and a "
            "few rounds of fresh water wash the vinegar taste away."
        ),
        sections=(
            (
                "Cleaning the Removable Parts",
                (
                    ("Unplug the brewer.", "Always cut the power before taking parts off."),
                    (
                        "Wash the reservoir, drip tray and pod holder.",
                        "Use warm soapy water and rinse well.",
                    ),
                    (
                        "Wipe the outside with a damp cloth.",
                        "A soft cloth removes coffee drips without scratching the casing.",
                    ),
                ),
            ),
            (
                "Descaling With Vinegar",
                (
                    (
                        "Fill the reservoir halfway with white vinegar.",
                        "Top it up with water to the fill line.",
                    ),
                    (
                        "Run brew cycles without a pod.",
                        "Use the largest cup size and empty the mug after each cycle.",
                    ),
                    (
                        "Let the brewer sit for 30 minutes.",
                        "Leave it switched on so the vinegar inside keeps working on the scale.",
                    ),
                    (
                        "Finish brewing until the reservoir is empty.",
                        "Keep running cycles until the brewer asks for more water.",
                    ),
                ),
            ),
            (
                "Rinsing Out the Vinegar",
                (
                    (
                        "Fill the reservoir with fresh water.",
                        "Rinse the reservoir first so no vinegar remains.",
                    ),
                    (
                        "Run at least 12 water-only brew cycles.",
                        "This clears the vinegar smell and taste.",
                    ),
                    ("Brew a test cup.", "If it still tastes of vinegar, run a few more cycles."),
                ),
            ),
        ),
        tips=("Descale every three to six months, or more often if your water is hard.",),
        warnings=("Never use cleaning vinegar meant for floors; use plain white vinegar.",),
        things_needed=("White vinegar", "Fresh water", "A large mug"),
        qa=(
            ("How often should I descale a Keurig?", "Every three to six months."),
            (
                "How many rinse cycles are needed after vinegar?",
                "At least 12 water-only brew cycles.",
            ),
        ),
        references=(
            (
                "Descaling Small Appliances",
                "https://www.homeskills-institute.example/descaling-appliances",
            ),
            (
                "Hard Water and Your Kitchen",
                "https://www.everyday-science.example/hard-water-kitchen",
            ),
            (
                "Vinegar as a Household Cleaner",
                "https://www.practical-living.example/vinegar-cleaner",
            ),
            (
                "Keeping Coffee Makers Clean",
                "https://www.consumercare-council.example/coffee-maker-care",
            ),
        ),
    ),
)
