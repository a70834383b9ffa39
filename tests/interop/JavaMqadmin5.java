import java.util.ArrayList;
import java.util.List;

import org.apache.rocketmq.tools.command.MQAdminStartup;

/**
 * Java 5.3.3's mqadmin run for several subcommands in one JVM (a JVM start per subcommand would take longer than
 * the subcommands): the arguments are the subcommands' argument lists separated by "--next"; before each one it
 * prints "\n#### " and the subcommand, and the stack traces mqadmin prints on failure go to stdout, in order.
 */
public class JavaMqadmin5 {
    public static void main(String[] args) {
        System.setErr(System.out);
        List<String> current = new ArrayList<>();
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || args[i].equals("--next")) {
                System.out.print("\n#### " + String.join(" ", current) + "\n");
                MQAdminStartup.main0(current.toArray(new String[0]), null);
                System.out.flush();
                current.clear();
            } else {
                current.add(args[i]);
            }
        }
        System.out.print("\n#### end\n");
        System.out.flush();
    }
}
